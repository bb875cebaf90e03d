import type { Product } from '@tillbook/contract/products';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  addProduct,
  changeDue,
  emptyCart,
  heldCartLabel,
  holdCart,
  loadCart,
  loadHeldCarts,
  MAX_HELD_CARTS,
  resumeHeldCart,
  parseScan,
  saveCart,
  saveHeldCarts,
  setLineDiscount,
  setQuantity,
  unitPriceOf,
} from './cart';

const product = (id: string, price = 150000, sale_price: number | null = null) =>
  ({ id, name: `Product ${id}`, sku: `SKU-${id}`, barcode: `200${id}`, price, sale_price }) as Product;

describe('cart', () => {
  beforeEach(() => window.localStorage.clear());

  it('raises the quantity when the same product is scanned again', () => {
    let cart = addProduct(emptyCart(), product('a'));
    cart = addProduct(cart, product('b'));
    cart = addProduct(cart, product('a'));
    expect(cart.lines.map((l) => [l.product_id, l.quantity])).toEqual([
      ['b', 1],
      ['a', 2],
    ]);
    cart = addProduct(cart, product('b'), 5);
    expect(cart.lines.find((l) => l.product_id === 'b')?.quantity).toBe(6);
  });

  it('removes a line whose quantity goes to zero and keeps line discounts', () => {
    let cart = addProduct(addProduct(emptyCart(), product('a')), product('b'));
    cart = setLineDiscount(cart, 'a', '50');
    cart = setQuantity(cart, 'b', 0);
    expect(cart.lines).toHaveLength(1);
    expect(cart.lines[0]).toMatchObject({ product_id: 'a', discount: '50' });
  });

  it('sells at the sale price only when it is below the price', () => {
    expect(unitPriceOf(product('a', 1000, 800))).toBe(800);
    expect(unitPriceOf(product('a', 1000, 0))).toBe(1000);
    expect(unitPriceOf(product('a', 1000, 1200))).toBe(1000);
  });

  it('reads a quantity typed before the barcode', () => {
    expect(parseScan(' 6151234567890 ')).toEqual({ code: '6151234567890', quantity: 1 });
    expect(parseScan('3*6151234567890')).toEqual({ code: '6151234567890', quantity: 3 });
    expect(parseScan('12 x SKU-1')).toEqual({ code: 'SKU-1', quantity: 12 });
    expect(parseScan('0*123')).toBeNull();
    expect(parseScan('   ')).toBeNull();
  });

  it('gives change only above the total', () => {
    expect(changeDue(500000, 420000)).toBe(80000);
    expect(changeDue(400000, 420000)).toBe(0);
    expect(changeDue(null, 420000)).toBe(0);
  });

  it('keeps a cart per store across a reload', () => {
    const cart = addProduct(emptyCart(), product('a'));
    saveCart('store-1', cart);
    expect(loadCart('store-1').lines).toHaveLength(1);
    expect(loadCart('store-2').lines).toHaveLength(0);
    saveCart('store-1', emptyCart());
    expect(window.localStorage.getItem('tillbook-pos-cart:store-1')).toBeNull();
    window.localStorage.setItem('tillbook-pos-cart:store-1', '{not json');
    expect(loadCart('store-1')).toEqual(emptyCart());
  });

  it('keeps the chosen shipping across a reload, and reads a cart saved before shipping existed', () => {
    saveCart('store-1', { ...emptyCart(), shipping_id: 'rate-1' });
    expect(loadCart('store-1').shipping_id).toBe('rate-1');
    const { shipping_id: _s, ...older } = addProduct(emptyCart(), product('a'));
    window.localStorage.setItem('tillbook-pos-cart:store-1', JSON.stringify(older));
    expect(loadCart('store-1')).toMatchObject({
      shipping_id: null,
      lines: [expect.objectContaining({ product_id: 'a' })],
    });
  });
});

describe('held carts', () => {
  beforeEach(() => window.localStorage.clear());
  const now = new Date('2026-11-22T10:00:00Z');

  it('holds a cart without its sale attempt and keeps held carts per store', () => {
    const cart = { ...addProduct(emptyCart(), product('1'), 2), attempt: { key: 'k', body: '{}' } };
    const held = holdCart([], cart, 'h1', now);
    expect(held).toHaveLength(1);
    expect(held[0]!.cart.attempt).toBeNull();
    expect(held[0]!.cart.lines[0]!.quantity).toBe(2);
    expect(heldCartLabel(held[0]!)).toBe('Walk-in · 2 items');
    saveHeldCarts('store-1', held);
    expect(loadHeldCarts('store-1')).toEqual(held);
    expect(loadHeldCarts('store-2')).toEqual([]);
  });

  it('does not hold an empty cart and keeps at most the newest carts', () => {
    expect(holdCart([], emptyCart(), 'h', now)).toEqual([]);
    let held: ReturnType<typeof holdCart> = [];
    for (let i = 0; i < MAX_HELD_CARTS + 3; i++) {
      held = holdCart(held, addProduct(emptyCart(), product(String(i))), `h${i}`, now);
    }
    expect(held).toHaveLength(MAX_HELD_CARTS);
    expect(held[0]!.id).toBe(`h${MAX_HELD_CARTS + 2}`);
  });

  it('resuming swaps the held cart with the one on the till, losing neither', () => {
    const parked = addProduct(emptyCart(), product('1'));
    const onTill = addProduct(emptyCart(), product('2'), 3);
    const held = holdCart([], parked, 'h1', now);
    const resumed = resumeHeldCart(held, 'h1', onTill, 'h2', now)!;
    expect(resumed.cart.lines[0]!.product_id).toBe('1');
    expect(resumed.held.map((h) => h.id)).toEqual(['h2']);
    expect(resumed.held[0]!.cart.lines[0]!.product_id).toBe('2');
    expect(resumeHeldCart(held, 'nope', onTill, 'h3', now)).toBeNull();
    // With an empty till, resuming only takes the cart back.
    expect(resumeHeldCart(held, 'h1', emptyCart(), 'h4', now)!.held).toEqual([]);
  });

  it('reads damaged storage as no held carts', () => {
    window.localStorage.setItem('tillbook-pos-held:store-1', '{not json');
    expect(loadHeldCarts('store-1')).toEqual([]);
    window.localStorage.setItem('tillbook-pos-held:store-1', JSON.stringify([{ id: 'x' }]));
    expect(loadHeldCarts('store-1')).toEqual([]);
  });
});
