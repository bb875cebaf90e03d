import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Product, ProductVariant } from '@tillbook/contract/products';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { insightServer } from '../../../test/insight-server';
import { renderScreen } from '../../../test/render';
import PurchaseOrderFormScreen from './purchase-order-form-screen';

// The screen's calls each wait for the signed-in user first; a busy machine takes over a second.
configure({ asyncUtilTimeout: 5000 });

const variant = (id: string, name: string, extra: Partial<ProductVariant> = {}): ProductVariant => ({
  id,
  options: name ? { Size: name } : {},
  name,
  sku: `SKU-${id}`,
  barcode: `200${id}`,
  price: 1200000,
  cost_price: 600000,
  sale_price: null,
  quantity: 5,
  low_stock_threshold: 2,
  stock_status: 'in_stock',
  image: null,
  status: 'active',
  packs: [],
  ...extra,
});

const product = (id: string, name: string, unit: string, variants: ProductVariant[]) =>
  ({
    id,
    name,
    unit,
    sku: variants[0]!.sku,
    barcode: variants[0]!.barcode,
    cost_price: variants[0]!.cost_price,
    quantity: 10,
    track_stock: true,
    status: 'active',
    variants,
  }) as unknown as Product;

const shirt = product('p-shirt', 'Ankara Shirt', 'piece', [
  variant('p-shirt', 'S'),
  variant('v-m', 'M', { cost_price: 650000 }),
]);
const peak = product('p-peak', 'Peak Milk 400g', 'tin', [
  variant('p-peak', '', {
    cost_price: 140000,
    packs: [{ name: 'carton', factor: 24, barcode: null, price: 3400000 }],
  }),
]);

function stubServer() {
  const fetch = insightServer(
    {
      '/vendor': [{ id: 'v1', name: 'Nestlé', company_name: null }],
      '/product/search': [shirt, peak],
      '/purchase_order': { id: 'po1', number: 'PO-000001', status: 'draft' },
    },
    ['purchase_orders.manage', 'purchase_orders.view', 'products.view'],
  );
  // The stand-in takes one argument; the client's calls pass their method and body as a second.
  const sent = () =>
    (fetch.mock.calls as unknown as Array<[string, RequestInit | undefined]>)
      .filter(
        ([input, init]) =>
          new URL(input, 'http://localhost').pathname === '/api/v1/purchase_order' && init?.method === 'POST',
      )
      .map(([, init]) => JSON.parse(String(init!.body)));
  return { fetch, sent };
}

async function search(user: ReturnType<typeof userEvent.setup>, text: string, pick: string) {
  const box = screen.getByRole('textbox', { name: 'Search products' });
  await user.clear(box);
  await user.type(box, text);
  const results = await screen.findByRole('region', { name: 'Product search results' });
  await user.click(await within(results).findByRole('button', { name: new RegExp(pick) }));
}

describe('purchase order form: variants and packs', () => {
  afterEach(() => vi.unstubAllGlobals());
  // The notes box grows with its text, listening for fonts, which jsdom does not have.
  beforeAll(() => {
    if (!document.fonts)
      Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
  });

  it('asks which size, orders a carton by its own cost, and sends variant and pack', async () => {
    const { sent } = stubServer();
    const user = userEvent.setup();
    renderScreen(<PurchaseOrderFormScreen />, { path: '/?vendor=v1' });
    await screen.findByRole('heading', { name: 'New purchase order' });

    // A shirt in two sizes: the search's pick asks which one.
    await search(user, 'Ankara', 'Ankara Shirt');
    const sizes = await screen.findByRole('list', { name: 'Variants of Ankara Shirt' });
    expect(within(sizes).getAllByRole('listitem')).toHaveLength(2);
    await user.click(within(sizes).getByRole('button', { name: /^M/ }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Variants of Ankara Shirt' })).toBeNull());
    expect(screen.getByRole('textbox', { name: 'Unit cost of Ankara Shirt (M)' })).toHaveValue('6500.00');

    // Peak Milk: by the tin, then the same line by the carton, its cost per carton.
    await search(user, 'Peak', 'Peak Milk');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Cost per tin of Peak Milk 400g' })).toHaveValue('1400.00');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Unit of Peak Milk 400g' }), 'carton');
    const cost = screen.getByRole('textbox', { name: 'Cost per carton of Peak Milk 400g · carton of 24' });
    expect(cost).toHaveValue('33600.00');
    const quantity = screen.getByRole('textbox', { name: 'Quantity of Peak Milk 400g · carton of 24' });
    await user.clear(quantity);
    await user.type(quantity, '3');
    expect(screen.getByText('3 carton = 72 tin')).toBeVisible();
    expect(screen.getByText('73 units')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0].items).toEqual([
      { product_id: 'p-shirt', variant_id: 'v-m', quantity: 1, unit_cost: 650000 },
      { product_id: 'p-peak', pack: 'carton', quantity: 3, unit_cost: 3360000 },
    ]);
  }, 20_000);

  it("edits a draft with its lines' variant and pack, the packs read from the product", async () => {
    const line = {
      product_id: 'p-peak',
      variant_id: 'p-peak',
      variant_name: null,
      product_name: 'Peak Milk 400g',
      sku: 'SKU-p-peak',
      barcode: null,
      quantity_received: 0,
    };
    const fetch = insightServer(
      {
        '/vendor': [],
        '/product/p-peak': peak,
        '/purchase_order/po1': {
          id: 'po1',
          number: 'PO-000001',
          status: 'draft',
          vendor: { id: 'v1', name: 'Nestlé' },
          order_date: '2026-11-30',
          expected_date: null,
          notes: null,
          items: [
            {
              ...line,
              id: 'i1',
              pack: 'carton',
              pack_factor: 24,
              quantity: 2,
              unit_cost: 3360000,
              line_total: 6720000,
            },
            {
              ...line,
              id: 'i2',
              pack: null,
              pack_factor: 1,
              quantity: 5,
              unit_cost: 140000,
              line_total: 700000,
            },
          ],
        },
      },
      ['purchase_orders.manage', 'purchase_orders.view', 'products.view'],
    );
    const user = userEvent.setup();
    renderScreen(<PurchaseOrderFormScreen />, { path: '/?id=po1' });
    await screen.findByRole('heading', { name: 'Edit PO-000001' });
    expect(screen.getByRole('combobox', { name: 'Unit of Peak Milk 400g · carton of 24' })).toHaveValue(
      'carton',
    );
    expect(screen.getByText('2 carton = 48 tin')).toBeVisible();
    // The tins' line offers the carton read from the product, its base unit named.
    const tins = screen.getByRole('combobox', { name: 'Unit of Peak Milk 400g' });
    expect(within(tins).getByRole('option', { name: 'tin' })).toBeInTheDocument();
    expect(screen.getByText('53 units')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(
        (fetch.mock.calls as unknown as Array<[string, RequestInit | undefined]>).find(
          ([, init]) => init?.method === 'PATCH',
        ),
      ).toBeDefined(),
    );
    const [, patch] = (fetch.mock.calls as unknown as Array<[string, RequestInit | undefined]>).find(
      ([, init]) => init?.method === 'PATCH',
    )!;
    expect(JSON.parse(String(patch!.body)).items).toEqual([
      { product_id: 'p-peak', pack: 'carton', quantity: 2, unit_cost: 3360000 },
      { product_id: 'p-peak', quantity: 5, unit_cost: 140000 },
    ]);
  }, 20_000);
});
