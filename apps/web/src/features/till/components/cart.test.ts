import type { BarcodeMatch, Product, ProductVariant } from '@tillbook/contract/products';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  addProduct,
  cartLineLabel,
  changeDue,
  emptyCart,
  heldCartLabel,
  holdCart,
  lineItem,
  lineKey,
  loadCart,
  loadHeldCarts,
  MAX_HELD_CARTS,
  resumeHeldCart,
  parseScan,
  saveCart,
  saveHeldCarts,
  setLineDiscount,
  setLineUnit,
  setQuantity,
  stockProblem,
  unitPriceOf,
} from './cart';
import { choiceOfMatch, needsVariantChoice, resolveSellable } from './sellable';

const product = (id: string, price = 150000, sale_price: number | null = null) =>
  ({
    id,
    name: `Product ${id}`,
    sku: `SKU-${id}`,
    barcode: `200${id}`,
    price,
    sale_price,
    status: 'active',
    images: [],
    unit: 'piece',
  }) as unknown as Product;

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

const variant = (over: Partial<ProductVariant> & Pick<ProductVariant, 'id'>): ProductVariant => ({
  options: {},
  name: '',
  sku: `SKU-${over.id}`,
  barcode: `300${over.id}`,
  price: 50_000,
  cost_price: null,
  sale_price: null,
  quantity: 30,
  low_stock_threshold: 5,
  stock_status: 'in_stock',
  image: null,
  status: 'active',
  packs: [],
  ...over,
});

/** Sold by the tin and by the carton of 24 (one variant, the product's own). */
const milk = {
  ...product('milk', 50_000, 45_000),
  name: 'Peak Milk 400g',
  unit: 'tin',
  track_stock: true,
  quantity: 30,
  variants: [
    variant({
      id: 'milk',
      sale_price: 45_000,
      packs: [{ name: 'carton', factor: 24, barcode: '9000000000017', price: 1_000_000 }],
    }),
  ],
} as Product;

/** Sizes M and L; the first variant carries the product's id. */
const shirt = {
  ...product('shirt', 500_000),
  name: 'T-shirt',
  options: [{ name: 'Size', values: ['M', 'L'] }],
  variants: [
    variant({ id: 'shirt', name: 'M', options: { Size: 'M' }, price: 500_000 }),
    variant({ id: 'shirt-l', name: 'L', options: { Size: 'L' }, price: 550_000, sale_price: 520_000 }),
    variant({ id: 'shirt-xl', name: 'XL', options: { Size: 'XL' }, status: 'archived' }),
  ],
} as Product;

describe('cart lines of variants and packs (issue 33)', () => {
  beforeEach(() => window.localStorage.clear());

  it('keeps a carton and tins of one product on two lines, each found by its key', () => {
    let cart = addProduct(emptyCart(), milk, 3);
    cart = addProduct(cart, milk, 1, { pack: 'carton' });
    cart = addProduct(cart, milk, 1, { pack: 'carton' });
    expect(cart.lines.map((l) => [cartLineLabel(l), l.quantity, l.unit_price])).toEqual([
      ['Peak Milk 400g · carton (24)', 2, 1_000_000],
      ['Peak Milk 400g', 3, 45_000],
    ]);
    const [carton, tins] = cart.lines.map(lineKey);
    expect(carton).not.toBe(tins);
    expect(tins).toBe('milk');

    cart = setQuantity(cart, tins!, 5);
    cart = setLineDiscount(cart, carton!, '100');
    expect(cart.lines.map((l) => [l.pack, l.quantity, l.discount])).toEqual([
      ['carton', 2, '100'],
      [null, 5, ''],
    ]);
    cart = setQuantity(cart, carton!, 0);
    expect(cart.lines.map((l) => l.pack)).toEqual([null]);
  });

  it('puts two sizes of one product on two lines, each naming its variant', () => {
    expect(needsVariantChoice(shirt)).toBe(true);
    expect(needsVariantChoice(milk)).toBe(false);
    let cart = addProduct(emptyCart(), shirt, 1, { variantId: 'shirt' });
    cart = addProduct(cart, shirt, 2, { variantId: 'shirt-l' });
    cart = addProduct(cart, shirt, 1, { variantId: 'shirt' });
    expect(cart.lines.map((l) => [cartLineLabel(l), l.quantity, l.unit_price])).toEqual([
      ['T-shirt · L', 2, 520_000],
      ['T-shirt · M', 2, 500_000],
    ]);
    // The first variant has the product's id, but the product has others: the line names it.
    expect(cart.lines.map((l) => lineItem(l, null))).toEqual([
      { product_id: 'shirt', variant_id: 'shirt-l', quantity: 2 },
      { product_id: 'shirt', variant_id: 'shirt', quantity: 2 },
    ]);
  });

  it('sends a product sold one way as before, and a pack line with its pack', () => {
    const cart = addProduct(addProduct(emptyCart(), product('a')), milk, 2, { pack: 'carton' });
    expect(cart.lines.map((l) => lineItem(l, l.pack ? 5000 : null))).toEqual([
      { product_id: 'milk', pack: 'carton', quantity: 2, discount: 5000 },
      { product_id: 'a', quantity: 1 },
    ]);
  });

  it('adds what a scanned code names: a pack line at the pack’s price, a variant, times 3*', () => {
    const pack = milk.variants[0]!.packs[0]!;
    const scanned = (p: Product, variant_id: string, scannedPack: typeof pack | null): BarcodeMatch => ({
      ...p,
      variant_id,
      pack: scannedPack,
    });
    let cart = addProduct(emptyCart(), milk, 3, choiceOfMatch(scanned(milk, 'milk', pack))!);
    cart = addProduct(cart, shirt, 1, choiceOfMatch(scanned(shirt, 'shirt-l', null))!);
    cart = addProduct(cart, milk, 1, choiceOfMatch(scanned(milk, 'milk', null))!);
    expect(cart.lines.map((l) => [cartLineLabel(l), l.quantity, l.unit_price, l.barcode])).toEqual([
      ['Peak Milk 400g', 1, 45_000, '300milk'],
      ['T-shirt · L', 1, 520_000, '300shirt-l'],
      ['Peak Milk 400g · carton (24)', 3, 1_000_000, '9000000000017'],
    ]);
    // An answer naming no variant of a product with several: the cashier picks.
    expect(choiceOfMatch({ ...shirt, variant_id: '', pack: null })).toBeNull();
  });

  it('refuses what cannot be told or sold: no variant chosen, an archived one, a pack it lacks', () => {
    expect(resolveSellable(shirt).problem).toBe('Choose which T-shirt to sell');
    expect(resolveSellable(shirt, { variantId: 'shirt-xl' }).problem).toBe('T-shirt XL is no longer sold');
    expect(resolveSellable(shirt, { variantId: 'gone' }).problem).toMatch(/not on this till/);
    expect(resolveSellable(milk, { pack: 'pallet' }).problem).toBe('Peak Milk 400g is not sold in a pallet');
    expect(resolveSellable(milk, { pack: 'Carton' }).sellable?.pack?.factor).toBe(24);
    expect(addProduct(emptyCart(), shirt).lines).toEqual([]);
  });

  it('switches a line between tins and cartons at that unit’s price, joining a line already in it', () => {
    let cart = addProduct(emptyCart(), milk, 2);
    expect(cart.lines[0]!.units.map((u) => [u.pack, u.factor, u.price])).toEqual([
      [null, 1, 45_000],
      ['carton', 24, 1_000_000],
    ]);
    cart = setLineUnit(cart, 'milk', 'carton');
    expect(cart.lines).toMatchObject([
      { pack: 'carton', pack_factor: 24, unit_price: 1_000_000, quantity: 2 },
    ]);
    cart = addProduct(cart, milk, 3);
    cart = setLineUnit(cart, 'milk', 'carton');
    expect(cart.lines).toHaveLength(1);
    expect(cart.lines[0]).toMatchObject({ pack: 'carton', quantity: 5 });
    cart = setLineUnit(cart, lineKey(cart.lines[0]!), null);
    expect(cart.lines[0]).toMatchObject({ pack: null, pack_factor: 1, unit_price: 45_000, quantity: 5 });
  });

  it('counts a carton as its base units against the variant’s stock', () => {
    const carton = resolveSellable(milk, { pack: 'carton' }).sellable!;
    const tin = resolveSellable(milk).sellable!;
    let cart = emptyCart();
    expect(stockProblem(cart, carton, 1)).toBeNull();
    expect(stockProblem(cart, carton, 2)).toBe('Only 1 carton + 6 tin of Peak Milk 400g left in stock');
    cart = addProduct(cart, milk, 1, { pack: 'carton' });
    expect(stockProblem(cart, tin, 6)).toBeNull();
    expect(stockProblem(cart, tin, 7)).toBe('Only 1 carton + 6 tin of Peak Milk 400g left in stock');
    const empty = resolveSellable({ ...shirt, track_stock: true }, { variantId: 'shirt-l' }).sellable!;
    expect(stockProblem(cart, { ...empty, variant: { ...empty.variant, quantity: 0 } }, 1)).toBe(
      'T-shirt L is out of stock',
    );
  });

  it('reads a line saved before variants as its product’s own, by the unit', () => {
    const {
      variant_id: _v,
      variant_name: _n,
      pack: _p,
      pack_factor: _f,
      units: _u,
      unit: _t,
      ...older
    } = addProduct(emptyCart(), product('a')).lines[0]!;
    window.localStorage.setItem('tillbook-pos-cart:store-1', JSON.stringify({ lines: [older] }));
    const [line] = loadCart('store-1').lines;
    expect(line).toMatchObject({ product_id: 'a', variant_id: null, pack: null, pack_factor: 1, units: [] });
    expect(lineItem(line!, null)).toEqual({ product_id: 'a', quantity: 1 });
  });
});
