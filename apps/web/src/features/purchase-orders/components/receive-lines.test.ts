import { describe, expect, it } from 'vitest';
import { receiptItemName, receivedUnits, receiveItems, unitsOfOrder } from './receive-lines';

const line = (id: string, extra: Partial<Parameters<typeof receiveItems>[0][number]> = {}) => ({
  id,
  product_id: 'p1',
  variant_id: 'p1',
  pack: null,
  pack_factor: 1,
  quantity: 10,
  quantity_received: 0,
  ...extra,
});

describe('receiving a purchase order', () => {
  it('sends a product on one line as before variants, in the line’s own unit', () => {
    const lines = [
      line('a'),
      line('b', { product_id: 'p2', variant_id: 'p2', pack: 'carton', pack_factor: 24, quantity: 2 }),
    ];
    const items = receiveItems(lines, { a: 4, b: 2 });
    expect(items).toEqual([
      { line_id: 'a', product_id: 'p1', quantity: 4 },
      { line_id: 'b', product_id: 'p2', quantity: 2 },
    ]);
    // Two cartons of 24 and four units.
    expect(receivedUnits(lines, items)).toBe(52);
  });

  it('names variant and pack where the order has several lines of the product', () => {
    const lines = [
      line('tins'),
      line('cartons', { pack: 'carton', pack_factor: 24, quantity: 3 }),
      // Fully received already, yet still a line of p2 the server would have to choose among.
      line('s', { product_id: 'p2', variant_id: 'p2', quantity: 5, quantity_received: 5 }),
      line('m', { product_id: 'p2', variant_id: 'v-m', quantity: 5 }),
    ];
    expect(receiveItems(lines, { tins: 6, cartons: 1, s: 3, m: 0 })).toEqual([
      { line_id: 'tins', product_id: 'p1', variant_id: 'p1', pack: null, quantity: 6 },
      { line_id: 'cartons', product_id: 'p1', variant_id: 'p1', pack: 'carton', quantity: 1 },
    ]);
    expect(receiveItems(lines, { m: 2 })).toEqual([
      { line_id: 'm', product_id: 'p2', variant_id: 'v-m', pack: null, quantity: 2 },
    ]);
  });

  it('counts the order in base units: a carton line counts its tins', () => {
    expect(
      unitsOfOrder([
        line('a', { quantity: 4, quantity_received: 4 }),
        line('b', { pack: 'carton', pack_factor: 24, quantity: 2, quantity_received: 1 }),
      ]),
    ).toEqual({ ordered: 52, received: 28, percent: 53 });
    expect(unitsOfOrder([])).toEqual({ ordered: 0, received: 0, percent: 0 });
  });

  it('names a received product by its line where the order has one line of it', () => {
    const named = (extra: Partial<Parameters<typeof receiveItems>[0][number]>) => ({
      ...line('x', extra),
      product_name: 'Peak Milk 400g',
      variant_name: null,
    });
    const received = { product_id: 'p1', product_name: 'Peak Milk 400g' };
    expect(receiptItemName([named({ pack: 'carton', pack_factor: 24 })], received)).toBe(
      'Peak Milk 400g · carton of 24',
    );
    // Tins and cartons: the receipt does not say which, so the product's name alone.
    expect(receiptItemName([named({}), named({ id: 'y', pack: 'carton', pack_factor: 24 })], received)).toBe(
      'Peak Milk 400g',
    );
  });
});
