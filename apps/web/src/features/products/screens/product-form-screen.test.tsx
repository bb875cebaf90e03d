import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Product, ProductVariant, StockMovement } from '@tillbook/contract/products';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { PHONE_QUERY } from '../../../components/row-cards';
import { fieldsRefused, noRoute, okResponse, renderScreen } from '../../../test/render';
import { adaAccount, signedInForEachTest } from '../../../test/session';
import ProductFormScreen from './product-form-screen';

const currentUser = {
  user: adaAccount,
  store: null,
  stores: [],
  permissions: ['products.view', 'products.manage'],
};

const variant = (over: Partial<ProductVariant>): ProductVariant => ({
  id: 'p1',
  options: {},
  name: '',
  sku: 'TEE-S',
  barcode: '2000000000015',
  price: 150000,
  cost_price: null,
  sale_price: null,
  quantity: 0,
  low_stock_threshold: 5,
  stock_status: 'in_stock',
  image: null,
  status: 'active',
  packs: [],
  ...over,
});

const tee: Product = {
  id: 'p1',
  name: 'Tee',
  description: null,
  sku: 'TEE-S',
  barcode: '2000000000015',
  unit: 'piece',
  price: 150000,
  cost_price: null,
  sale_price: null,
  track_stock: true,
  quantity: 62,
  low_stock_threshold: 5,
  stock_status: 'in_stock',
  status: 'active',
  images: [],
  category_ids: [],
  categories: [],
  category: null,
  options: [{ name: 'Size', values: ['S', 'M'] }],
  variants: [
    variant({ options: { Size: 'S' }, name: 'S', quantity: 12 }),
    variant({
      id: 'v-m',
      options: { Size: 'M' },
      name: 'M',
      sku: 'TEE-M',
      barcode: '2000000000022',
      quantity: 50,
      packs: [{ name: 'bale', factor: 24, barcode: null, price: 3000000 }],
    }),
  ],
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
};

const movement: StockMovement = {
  id: 'm1',
  product_id: 'p1',
  variant_id: 'v-m',
  reason: 'initial',
  quantity_change: 50,
  quantity_before: 0,
  quantity_after: 50,
  reference_type: null,
  reference_id: null,
  note: null,
  actor_type: 'user',
  actor_id: 'u1',
  actor_name: 'Ada Obi',
  created_at: '2026-11-01T10:00:00.000Z',
} as StockMovement;

/** The API: the user, no categories, the tee and its stock history; a create is refused. */
function serve(refused: Record<string, string>) {
  return vi.fn(async (url: string, init?: RequestInit) => {
    const path = String(url);
    if (path.startsWith('/api/v1/user/singleuser')) return okResponse(currentUser);
    if (path.startsWith('/api/v1/product/categories')) return okResponse([]);
    if (path.startsWith('/api/v1/product/create') && init?.method === 'POST') return fieldsRefused(refused);
    if (path.startsWith('/api/v1/product/p1/stock-movements')) return okResponse([movement], 200, 'OK');
    if (path.startsWith('/api/v1/product/p1')) return okResponse(tee);
    return noRoute(path);
  });
}

const sent = (fetch: ReturnType<typeof serve>) =>
  fetch.mock.calls
    .filter(([url, init]) => init?.method === 'POST' && String(url).startsWith('/api/v1/product/create'))
    .map(([, init]) => JSON.parse(String(init!.body)) as Record<string, unknown>);

/** A phone's width: the media query of the card lists matches. */
function phoneWidth() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === PHONE_QUERY,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }));
}

async function addSizes(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByRole('textbox', { name: /^Product name/ }), 'Tee');
  await user.type(screen.getByRole('textbox', { name: /^Price/ }), '1,500');
  await user.click(screen.getByRole('switch', { name: 'This product has options like size or colour' }));
  await user.type(screen.getByRole('textbox', { name: 'Option name' }), 'Size');
  await user.type(screen.getByRole('combobox', { name: /^Values/ }), 'S,M,L,');
}

describe('product form with variants', () => {
  signedInForEachTest();
  // The description box grows with its text, listening for fonts, which jsdom does not have.
  beforeAll(() => {
    if (!document.fonts)
      Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
  });

  it('makes a row per value, sets every price at once, and shows the server’s message on its row', async () => {
    const fetch = serve({ 'variants.1.barcode': 'This barcode is already used by another product' });
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    renderScreen(<ProductFormScreen />);
    await addSizes(user);

    const grid = screen.getByRole('table', { name: 'Variants' });
    expect(within(grid).getAllByRole('row')).toHaveLength(4);
    // The product's price stands in for an empty row price.
    expect(within(grid).getByRole('textbox', { name: 'Price of S' })).toHaveAttribute(
      'placeholder',
      '1500.00',
    );
    await user.type(screen.getByRole('textbox', { name: 'Set all prices' }), '2000');
    await user.click(screen.getAllByRole('button', { name: 'Apply' })[0]!);
    expect(within(grid).getByRole('textbox', { name: 'Price of L' })).toHaveValue('2000.00');
    await user.clear(within(grid).getByRole('textbox', { name: 'Stock of M' }));
    await user.type(within(grid).getByRole('textbox', { name: 'Stock of M' }), '5');
    await user.click(within(grid).getByRole('button', { name: 'Remove L' }));
    expect(within(grid).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByText('1 combination left out.')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Add product' }));
    expect(await screen.findByText('This barcode is already used by another product')).toBeVisible();
    const [body] = sent(fetch);
    expect(body).not.toHaveProperty('quantity');
    expect(body!.options).toEqual([{ name: 'Size', values: ['S', 'M', 'L'] }]);
    expect(body!.variants).toEqual([
      { options: { Size: 'S' }, sku: null, barcode: null, price: 200000, quantity: 0, packs: [] },
      { options: { Size: 'M' }, sku: null, barcode: null, price: 200000, quantity: 5, packs: [] },
    ]);
    // The message sits with M's barcode box.
    expect(within(grid).getByRole('textbox', { name: 'Barcode of M' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  }, 30_000);

  it('shows each variant as a card on a phone, not a table', async () => {
    phoneWidth();
    vi.stubGlobal('fetch', serve({}));
    const user = userEvent.setup();
    renderScreen(<ProductFormScreen />);
    await addSizes(user);
    expect(screen.queryByRole('table', { name: 'Variants' })).toBeNull();
    const cards = within(screen.getByRole('list', { name: 'Variants' })).getAllByRole('listitem');
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual(['S', 'M', 'L']);
    expect(within(cards[0]!).getByRole('textbox', { name: 'Price' })).toBeVisible();
  }, 30_000);

  it('sends packs of a product without options', async () => {
    const fetch = serve({});
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    renderScreen(<ProductFormScreen />);
    await user.type(await screen.findByRole('textbox', { name: /^Product name/ }), 'Peak milk');
    await user.type(screen.getByRole('textbox', { name: /^Price/ }), '1500');
    await user.click(screen.getByRole('button', { name: 'Add pack' }));
    await user.type(screen.getByRole('textbox', { name: 'Pack name' }), 'carton');
    await user.type(screen.getByRole('textbox', { name: /^Units per pack/ }), '24');
    await user.click(screen.getByRole('button', { name: 'Add product' }));
    expect(await screen.findByText('Pack price is required')).toBeVisible();
    await user.type(screen.getByRole('textbox', { name: 'Pack price' }), '34000');
    await user.click(screen.getByRole('button', { name: 'Add product' }));
    await waitFor(() => expect(sent(fetch)).toHaveLength(1));
    expect(sent(fetch)[0]!.packs).toEqual([{ name: 'carton', factor: 24, barcode: null, price: 3400000 }]);
    expect(sent(fetch)[0]).not.toHaveProperty('variants');
  }, 30_000);

  it('prefills a saved product’s variants and shows its stock per variant, in packs', async () => {
    vi.stubGlobal('fetch', serve({}));
    renderScreen(<ProductFormScreen />, { path: '/p/p1', route: '/p/:id' });
    const grid = await screen.findByRole('table', { name: 'Variants' });
    expect(within(grid).getByRole('textbox', { name: 'SKU of M' })).toHaveValue('TEE-M');
    // Saved stock changes with Adjust stock, so it is shown, not typed.
    expect(within(grid).getByLabelText('Stock of M')).toHaveTextContent('2 bale + 2 piece');
    const stock = screen.getByRole('table', { name: 'Stock by variant' });
    expect(within(stock).getAllByRole('row')).toHaveLength(3);
    expect(within(stock).getByText('2 bale + 2 piece')).toBeVisible();
    const history = await screen.findByRole('table', { name: 'Stock history' });
    await waitFor(() => expect(within(history).getByText('M')).toBeVisible());
  }, 30_000);
});
