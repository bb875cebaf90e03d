import type { OrderItem } from '@tillbook/contract/orders';
import { describe, expect, it } from 'vitest';
import { refundableLines } from './refund-lines';

const item = (id: string, product_id: string, quantity: number, quantity_refunded = 0): OrderItem => ({
  id,
  product_id,
  name: product_id === 'milo' ? 'Milo 500g' : 'Peak Milk 400g',
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

describe('refundable lines', () => {
  it('offers each product with the units left to refund, in line order', () => {
    expect(refundableLines([item('a', 'milo', 3, 1), item('b', 'peak', 1)])).toEqual([
      { product_id: 'milo', name: 'Milo 500g', sold: 3, refunded: 1, left: 2 },
      { product_id: 'peak', name: 'Peak Milk 400g', sold: 1, refunded: 0, left: 1 },
    ]);
  });

  it('puts a product sold on two lines on one row, as the server refunds it', () => {
    expect(refundableLines([item('a', 'milo', 3, 3), item('b', 'peak', 1), item('c', 'milo', 2, 1)])).toEqual(
      [
        { product_id: 'milo', name: 'Milo 500g', sold: 5, refunded: 4, left: 1 },
        { product_id: 'peak', name: 'Peak Milk 400g', sold: 1, refunded: 0, left: 1 },
      ],
    );
  });

  it('leaves out what is refunded in full', () => {
    expect(refundableLines([item('a', 'milo', 3, 3), item('b', 'peak', 1, 1)])).toEqual([]);
  });
});
