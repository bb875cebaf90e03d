import { poLineLabel } from './po-lines';
import type { PurchaseOrderItem } from '@tillbook/contract/purchase-orders';

type Line = Pick<
  PurchaseOrderItem,
  'id' | 'product_id' | 'variant_id' | 'pack' | 'pack_factor' | 'quantity' | 'quantity_received'
>;

export interface ReceiveItem {
  product_id: string;
  variant_id?: string;
  pack?: string | null;
  quantity: number;
}

/** What is still to come on a line, in the line's own unit (cartons for a carton line). */
export const outstanding = (l: Pick<Line, 'quantity' | 'quantity_received'>) =>
  l.quantity - l.quantity_received;

/**
 * The receipt's items: a line per line with something counted, in the line's own unit. Where
 * the order has several lines of a product (two sizes, or tins and cartons) the server cannot
 * tell them apart by the product: those name their variant and pack (`null`: by the unit). A
 * product on one line sends what it sent before variants.
 */
export function receiveItems(
  lines: readonly Line[],
  counts: Readonly<Record<string, number>>,
): Array<ReceiveItem & { line_id: string }> {
  const linesOf = new Map<string, number>();
  for (const l of lines) linesOf.set(l.product_id, (linesOf.get(l.product_id) ?? 0) + 1);
  return lines
    .filter((l) => outstanding(l) > 0 && (counts[l.id] ?? 0) > 0)
    .map((l) => ({
      line_id: l.id,
      product_id: l.product_id,
      ...(linesOf.get(l.product_id)! > 1 ? { variant_id: l.variant_id, pack: l.pack } : {}),
      quantity: counts[l.id]!,
    }));
}

/** The base units a receipt brings in (2 cartons of 24 are 48). */
export function receivedUnits(
  lines: readonly Line[],
  items: ReadonlyArray<{ line_id: string; quantity: number }>,
): number {
  const factor = new Map(lines.map((l) => [l.id, l.pack_factor || 1]));
  return items.reduce((s, i) => s + i.quantity * (factor.get(i.line_id) ?? 1), 0);
}

/**
 * The order's ordered and received base units, and the share received. The order's own figures
 * count a carton as one; these count its tins.
 */
export function unitsOfOrder(lines: readonly Line[]) {
  const ordered = lines.reduce((s, l) => s + l.quantity * (l.pack_factor || 1), 0);
  const received = lines.reduce((s, l) => s + l.quantity_received * (l.pack_factor || 1), 0);
  return { ordered, received, percent: ordered ? Math.floor((received * 100) / ordered) : 0 };
}

/**
 * A received line's name. A receipt names the product only: where the order has one line of it,
 * that line's name says the variant and pack ("2 × Peak Milk 400g · carton of 24").
 */
export function receiptItemName(
  lines: ReadonlyArray<Line & { product_name: string; variant_name: string | null }>,
  item: { product_id: string; product_name: string },
): string {
  const of = lines.filter((l) => l.product_id === item.product_id);
  return of.length === 1 ? poLineLabel(of[0]!) : item.product_name;
}
