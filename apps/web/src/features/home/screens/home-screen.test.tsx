import { configure, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../../test/render';
import { insightServer } from '../../../test/insight-server';
import HomeScreen from './home-screen';

const product = (id: string, name: string, quantity: number, stock_status: string) => ({
  id,
  name,
  quantity,
  low_stock_threshold: 5,
  stock_status,
  track_stock: true,
});

const answers = {
  '/dashBoard/today-sales': {
    date: '2026-11-26',
    today: 700_000,
    yesterday: 1_000_000,
    today_orders: 2,
    yesterday_orders: 2,
    change_percent: -30,
    currency: 'NGN',
  },
  '/dashBoard/today-takings': {
    date: '2026-11-26',
    total: 700_000,
    by_type: [
      { payment_type: 'cash', amount: 500_000, count: 1 },
      { payment_type: 'bank_transfer', amount: 200_000, count: 1 },
    ],
    currency: 'NGN',
  },
  '/dashBoard/total-customers': { from: '2026-11-26', to: '2026-11-26', total: 12, new: 1, buying: 2 },
  '/dashBoard/filter/sales': {
    option: 'sales',
    time: null,
    granularity: 'day',
    from: '2026-11-20',
    to: '2026-11-26',
    points: [],
    total: 0,
  },
  '/dashBoard/recent-orders': [],
  '/product/paginated/results': {
    fail: 403,
    message: 'Your role cannot view products',
  },
};

// The screen's calls each wait for the signed-in user first; a busy machine takes over a second.
configure({ asyncUtilTimeout: 5000 });

describe('home', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the day against yesterday, each part's own empty or error state, and the quick actions", async () => {
    insightServer(answers);
    renderScreen(<HomeScreen />);
    expect(await screen.findByRole('status', { name: 'Sales today' })).toHaveTextContent('₦7,000.00');
    const sales = screen.getByTestId('stat-Sales today');
    // Down on yesterday: the text says so, not only the colour.
    expect(within(sales).getByText('−30.0% vs yesterday')).toBeVisible();
    // The number of orders, named as such; the same count as yesterday is no change.
    expect(screen.getByRole('status', { name: 'Orders today' })).toHaveTextContent('2');
    expect(within(screen.getByTestId('stat-Orders today')).getByText('0% vs yesterday')).toBeVisible();
    // The money taken, split by how it was paid.
    expect(await screen.findByRole('status', { name: 'Takings today' })).toHaveTextContent('₦7,000.00');
    expect(screen.getByTestId('takings-by-type')).toHaveTextContent(
      'Cash ₦5,000.00 · Bank transfer ₦2,000.00',
    );
    expect(screen.getByRole('status', { name: 'Customers today' })).toHaveTextContent('2');
    expect(screen.getByText('1 new today · 12 in all')).toBeVisible();

    expect(await screen.findByText('No sales in the last 7 days yet.')).toBeVisible();
    expect(await screen.findByText('No orders yet. Your first sale shows here.')).toBeVisible();
    expect(await screen.findByText('Your role cannot view products')).toBeVisible();

    expect(screen.getAllByRole('link', { name: 'New sale' })[0]).toHaveAttribute(
      'href',
      '/sales/orders/generate',
    );
    expect(screen.getByRole('link', { name: 'Add product' })).toHaveAttribute(
      'href',
      '/inventory/products/create',
    );
  }, 20_000);

  it('lists what runs low, out of stock first, with links to the filtered product list', async () => {
    insightServer({
      ...answers,
      '/product/paginated/results': [],
    });
    // The product list answers per stock state: the server stand-in answers by the query.
    const fetch = vi.mocked(globalThis.fetch);
    const base = fetch.getMockImplementation()!;
    fetch.mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname.endsWith('/product/paginated/results')) {
        const out = url.searchParams.get('stock') === 'out_of_stock';
        const data = out
          ? [product('p1', 'Indomie Chicken', 0, 'out_of_stock')]
          : [product('p2', 'Peak Milk', 3, 'low_stock')];
        return new Response(
          JSON.stringify({
            success: true,
            message: '',
            data,
            pagination: { page: 1, perPage: 5, total: 1, totalPages: 1 },
          }),
          { status: 200, headers: { 'content-type': 'application/json' } },
        );
      }
      return base(input, init);
    });
    renderScreen(<HomeScreen />);
    const low = await screen.findByRole('region', { name: 'Running low' });
    await within(low).findByRole('link', { name: 'Peak Milk' });
    const links = within(low).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      '1 out of stock',
      '1 low',
      'Indomie Chicken',
      'Peak Milk',
    ]);
    expect(within(low).getByRole('link', { name: '1 low' })).toHaveAttribute(
      'href',
      '/inventory/products?stock=low_stock',
    );
    expect(within(low).getByRole('link', { name: 'Peak Milk' })).toHaveAttribute(
      'href',
      '/inventory/products/p2',
    );
  }, 20_000);

  it('keeps the figures from a role without reports.view', async () => {
    const fetch = insightServer(answers, ['orders.create']);
    renderScreen(<HomeScreen />);
    expect(
      await screen.findByText('Sales figures are shown to roles that can view the dashboard and reports.'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'New sale' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Add product' })).toBeNull();
    expect(fetch.mock.calls.some(([u]) => String(u).includes('/dashBoard/'))).toBe(false);
  });
});
