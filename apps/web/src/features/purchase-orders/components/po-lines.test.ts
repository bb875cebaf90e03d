import { describe, expect, it } from 'vitest';
import { addProduct, lineTotal, linesTotal, toApiLines, type DraftLine } from './po-lines';

const milo = { id: 'p1', name: 'Milo 500g', sku: 'SKU-1', barcode: '2000000000015', cost_price: 185000 };
const nido = { id: 'p2', name: 'Nido 400g', sku: 'SKU-2', barcode: '2000000000022', cost_price: null };

describe('purchase-order lines', () => {
  it('adds a product once and raises its quantity on a second scan', () => {
    let lines: DraftLine[] = [];
    lines = addProduct(lines, milo);
    lines = addProduct(lines, nido);
    lines = addProduct(lines, milo);
    expect(lines.map((l) => [l.product_id, l.quantity])).toEqual([
      ['p1', 2],
      ['p2', 1],
    ]);
    expect(lines[0]!.unit_cost).toBe(185000);
    expect(lines[1]!.unit_cost).toBeNull();
  });

  it('totals lines in minor units and leaves a cost that is not an amount out', () => {
    const lines: DraftLine[] = [
      { product_id: 'p1', name: 'A', sku: null, barcode: null, quantity: 3, unit_cost: 125050 },
      { product_id: 'p2', name: 'B', sku: null, barcode: null, quantity: 2, unit_cost: null },
    ];
    expect(lineTotal(lines[0]!)).toBe(375150);
    expect(linesTotal(lines)).toBe(375150);
    expect(toApiLines(lines)).toEqual([
      { product_id: 'p1', quantity: 3, unit_cost: 125050 },
      { product_id: 'p2', quantity: 2, unit_cost: 0 },
    ]);
    // What the money input holds for "12.345": not an amount.
    const bad = { ...lines[0]!, unit_cost: Number.NaN };
    expect(lineTotal(bad)).toBeNull();
    expect(linesTotal([bad, lines[0]!])).toBe(375150);
  });
});
