import { describe, expect, it } from 'vitest';
import { addProduct, lineTotal, linesTotal, toApiLines, type DraftLine } from './po-lines';

const milo = { id: 'p1', name: 'Milo 500g', sku: 'SKU-1', barcode: '2000000000015', cost_price: 185000 };
const nido = { id: 'p2', name: 'Nido 400g', sku: 'SKU-2', barcode: '2000000000022', cost_price: null };

describe('purchase-order lines', () => {
  it('adds a product once and raises its quantity on a second scan', () => {
    let lines: DraftLine[] = [];
    lines = addProduct(lines, milo, 'NGN');
    lines = addProduct(lines, nido, 'NGN');
    lines = addProduct(lines, milo, 'NGN');
    expect(lines.map((l) => [l.product_id, l.quantity])).toEqual([
      ['p1', 2],
      ['p2', 1],
    ]);
    expect(lines[0]!.unit_cost).toBe('1850.00');
    expect(lines[1]!.unit_cost).toBe('');
  });

  it('totals lines in minor units and refuses a cost that is not an amount', () => {
    const lines: DraftLine[] = [
      { product_id: 'p1', name: 'A', sku: null, barcode: null, quantity: 3, unit_cost: '1,250.50' },
      { product_id: 'p2', name: 'B', sku: null, barcode: null, quantity: 2, unit_cost: '' },
    ];
    expect(lineTotal(lines[0]!, 'NGN')).toBe(375150);
    expect(linesTotal(lines, 'NGN')).toBe(375150);
    expect(toApiLines(lines, 'NGN')).toEqual({
      items: [
        { product_id: 'p1', quantity: 3, unit_cost: 125050 },
        { product_id: 'p2', quantity: 2, unit_cost: 0 },
      ],
    });
    expect(toApiLines([{ ...lines[0]!, unit_cost: '12.345' }], 'NGN')).toEqual({ badLine: 0 });
  });
});
