import { toMinor } from '../../../lib/format';

/** A line of the purchase-order form; the unit cost is typed in major units. */
export interface DraftLine {
  product_id: string;
  name: string;
  sku: string | null;
  barcode: string | null;
  quantity: number;
  unit_cost: string;
}

interface Found {
  id: string;
  name: string;
  sku: string | null;
  barcode: string | null;
  cost_price: number | null;
}

const majorOf = (minor: number | null, currency: string) => {
  if (minor === null) return '';
  const digits =
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  return (minor / 10 ** digits).toFixed(digits);
};

/**
 * Adds a scanned or chosen product to the lines: a product already there gets one more
 * (spec section 4: scanning an item again raises its quantity), a new one is appended with
 * its current cost price as the unit cost.
 */
export function addProduct(lines: DraftLine[], product: Found, currency: string): DraftLine[] {
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
      unit_cost: majorOf(product.cost_price, currency),
    },
  ];
}

/** Line total in minor units, or null while the unit cost is not a valid amount. */
export function lineTotal(line: DraftLine, currency: string): number | null {
  const cost = toMinor(line.unit_cost === '' ? '0' : line.unit_cost, currency);
  return cost === null ? null : cost * line.quantity;
}

export function linesTotal(lines: DraftLine[], currency: string): number {
  return lines.reduce((sum, l) => sum + (lineTotal(l, currency) ?? 0), 0);
}

/** The lines as the API takes them; null (with the bad line's index) when a cost is not an amount. */
export function toApiLines(
  lines: DraftLine[],
  currency: string,
): { items: Array<{ product_id: string; quantity: number; unit_cost: number }> } | { badLine: number } {
  const items = [];
  for (const [i, l] of lines.entries()) {
    const unit_cost = toMinor(l.unit_cost === '' ? '0' : l.unit_cost, currency);
    if (unit_cost === null) return { badLine: i };
    items.push({ product_id: l.product_id, quantity: l.quantity, unit_cost });
  }
  return { items };
}

export { majorOf };
