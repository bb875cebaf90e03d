import type { PurchaseOrder } from '@tillbook/contract/purchase-orders';
import type { SchemaFormOptions } from '../../../lib/forms';
import { activeVariants, toApiLines, type DraftLine, type FoundProduct } from './po-lines';

/** The purchase-order form; the lines' unit costs in minor units (`MoneyInput`). */
export type PoValues = {
  vendor_id: string;
  order_date: string;
  expected_date: string;
  notes: string;
  items: DraftLine[];
};

const today = () => new Date().toISOString().slice(0, 10);

/**
 * The form's values: a new order's, or a draft's to edit. `products` are the lines' products as
 * they are now, for each line's base unit and the packs its Unit select offers; a line whose
 * product could not be read offers the pack it was ordered in.
 */
export function fromPurchaseOrder(
  order: PurchaseOrder | undefined,
  vendorId?: string | null,
  products: ReadonlyMap<string, FoundProduct> = new Map(),
): PoValues {
  return {
    vendor_id: order?.vendor.id ?? vendorId ?? '',
    order_date: order?.order_date ?? today(),
    expected_date: order?.expected_date ?? '',
    notes: order?.notes ?? '',
    items:
      order?.items.map((i): DraftLine => {
        const product = products.get(i.product_id);
        const active = product ? activeVariants(product) : [];
        const variant = product?.variants?.find((v) => v.id === i.variant_id);
        const packs = variant?.packs.map((p) => ({ name: p.name, factor: p.factor })) ?? [];
        if (i.pack && !packs.some((p) => p.name === i.pack))
          packs.push({ name: i.pack, factor: i.pack_factor });
        return {
          product_id: i.product_id,
          variant_id: i.variant_id,
          variant_name: i.variant_name,
          // Without the product, a line with a variant name is one of several.
          named: product
            ? active.length > 1 || i.variant_id !== i.product_id
            : i.variant_name !== null || i.variant_id !== i.product_id,
          pack: i.pack,
          pack_factor: i.pack ? i.pack_factor : 1,
          unit: product?.unit || 'unit',
          packs,
          name: i.product_name,
          sku: i.sku,
          barcode: i.barcode,
          quantity: i.quantity,
          unit_cost: i.unit_cost,
        };
      }) ?? [],
  };
}

/** The body as sent (a new order adds its status); cleared expected date and notes are null. */
export function toPurchaseOrderBody(v: PoValues) {
  return {
    vendor_id: v.vendor_id,
    items: toApiLines(v.items),
    order_date: v.order_date || undefined,
    expected_date: v.expected_date || null,
    notes: v.notes.trim() || null,
  };
}

/** The body against the contract, and the words for a unit cost box that does not hold an amount. */
export const purchaseOrderChecks: SchemaFormOptions<PoValues> = {
  toBody: toPurchaseOrderBody,
  check: (v) =>
    Object.fromEntries(
      v.items.flatMap((l, i) =>
        l.unit_cost !== null && Number.isNaN(l.unit_cost)
          ? [[`items.${i}.unit_cost`, 'Enter an amount like 1250.50']]
          : [],
      ),
    ),
};
