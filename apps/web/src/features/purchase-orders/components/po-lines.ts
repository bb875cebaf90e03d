/** A line of the purchase-order form. */
export interface DraftLine {
  product_id: string;
  name: string;
  sku: string | null;
  barcode: string | null;
  quantity: number;
  /** Minor units (`MoneyInput`): null when empty (sent as 0), NaN while not an amount. */
  unit_cost: number | null;
}

interface Found {
  id: string;
  name: string;
  sku: string | null;
  barcode: string | null;
  cost_price: number | null;
}

/**
 * Adds a scanned or chosen product to the lines: a product already there gets one more
 * (spec section 4: scanning an item again raises its quantity), a new one is appended with
 * its current cost price as the unit cost.
 */
export function addProduct(lines: DraftLine[], product: Found): DraftLine[] {
  const at = lines.findIndex((l) => l.product_id === product.id);
  if (at >= 0) return lines.map((l, i) => (i === at ? { ...l, quantity: l.quantity + 1 } : l));
  return [
    ...lines,
    {
      product_id: product.id,
      name: product.name,
      sku: product.sku,
      barcode: product.barcode,
      quantity: 1,
      unit_cost: product.cost_price,
    },
  ];
}

/** Line total in minor units, or null while the unit cost is not a valid amount. */
export function lineTotal(line: DraftLine): number | null {
  const cost = line.unit_cost ?? 0;
  return Number.isNaN(cost) ? null : cost * line.quantity;
}

export function linesTotal(lines: DraftLine[]): number {
  return lines.reduce((sum, l) => sum + (lineTotal(l) ?? 0), 0);
}

/** The lines as the API takes them: an empty cost is 0; one that is not an amount stays NaN for the check to name. */
export function toApiLines(
  lines: DraftLine[],
): Array<{ product_id: string; quantity: number; unit_cost: number }> {
  return lines.map((l) => ({ product_id: l.product_id, quantity: l.quantity, unit_cost: l.unit_cost ?? 0 }));
}
