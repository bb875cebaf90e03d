import type { OrderItem } from '@tillbook/contract/orders';
import { describe, expect, it } from 'vitest';
import { refundableLines, refundItems } from './refund-lines';

const item = (
  id: string,
  product_id: string,
  quantity: number,
  quantity_refunded = 0,
  sold: Partial<Pick<OrderItem, 'variant_id' | 'variant_name' | 'pack' | 'pack_factor'>> = {},
): OrderItem => ({
  id,
  product_id,
  variant_id: product_id,
  variant_name: null,
  pack: null,
  pack_factor: 1,
  ...sold,
  name: product_id === 'milo' ? 'Milo 500g' : product_id === 'peak' ? 'Peak Milk 400g' : 'T-shirt',
  sku: null,
  unit_price: 150000,
  list_price: 150000,
  quantity,
  discount: 0,
  total: 150000 * quantity,
  order_discount: 0,
  tax: 0,
  quantity_refunded,
});

const row = (product_id: string, name: string, sold: number, refunded: number, over = {}) => ({
  key: `${product_id}|${product_id}|`,
  product_id,
  variant_id: product_id,
  pack: null,
  name,
  sold,
  refunded,
  left: sold - refunded,
  ...over,
});

describe('refundable lines', () => {
  it('offers each product with the units left to refund, in line order', () => {
    expect(refundableLines([item('a', 'milo', 3, 1), item('b', 'peak', 1)])).toEqual([
      row('milo', 'Milo 500g', 3, 1),
      row('peak', 'Peak Milk 400g', 1, 0),
    ]);
  });

  it('puts a product sold on two lines on one row, as the server refunds it', () => {
    expect(refundableLines([item('a', 'milo', 3, 3), item('b', 'peak', 1), item('c', 'milo', 2, 1)])).toEqual(
      [row('milo', 'Milo 500g', 5, 4), row('peak', 'Peak Milk 400g', 1, 0)],
    );
  });

  it('leaves out what is refunded in full', () => {
    expect(refundableLines([item('a', 'milo', 3, 3), item('b', 'peak', 1, 1)])).toEqual([]);
  });

  it('offers a carton and tins, and two sizes, as rows of their own, named', () => {
    const rows = refundableLines([
      item('a', 'peak', 2, 0, { pack: 'carton', pack_factor: 24 }),
      item('b', 'peak', 5),
      item('c', 'shirt', 1, 0, { variant_id: 'shirt-l', variant_name: 'L' }),
      item('d', 'milo', 1),
    ]);
    expect(rows.map((r) => [r.key, r.name, r.left])).toEqual([
      ['peak|peak|carton', 'Peak Milk 400g · carton (24)', 2],
      ['peak|peak|', 'Peak Milk 400g', 5],
      ['shirt|shirt-l|', 'T-shirt · L', 1],
      ['milo|milo|', 'Milo 500g', 1],
    ]);
    // A product on several rows names each row's variant and pack; one on a single row goes as before.
    expect(
      refundItems(rows, { 'peak|peak|carton': 1, 'peak|peak|': 2, 'shirt|shirt-l|': 1, 'milo|milo|': 0 }),
    ).toEqual([
      { product_id: 'peak', variant_id: 'peak', pack: 'carton', quantity: 1 },
      { product_id: 'peak', variant_id: 'peak', pack: null, quantity: 2 },
      { product_id: 'shirt', quantity: 1 },
    ]);
  });
});
