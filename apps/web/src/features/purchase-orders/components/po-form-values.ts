import type { PurchaseOrder } from '@tillbook/contract/purchase-orders';
import type { SchemaFormOptions } from '../../../lib/forms';
import { toApiLines, type DraftLine } from './po-lines';

/** The purchase-order form; the lines' unit costs in minor units (`MoneyInput`). */
export type PoValues = {
  vendor_id: string;
  order_date: string;
  expected_date: string;
  notes: string;
  items: DraftLine[];
};

const today = () => new Date().toISOString().slice(0, 10);

export function fromPurchaseOrder(order: PurchaseOrder | undefined, vendorId?: string | null): PoValues {
  return {
    vendor_id: order?.vendor.id ?? vendorId ?? '',
    order_date: order?.order_date ?? today(),
    expected_date: order?.expected_date ?? '',
    notes: order?.notes ?? '',
    items:
      order?.items.map((i) => ({
        product_id: i.product_id,
        name: i.product_name,
        sku: i.sku,
        barcode: i.barcode,
        quantity: i.quantity,
        unit_cost: i.unit_cost,
      })) ?? [],
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
