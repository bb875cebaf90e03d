import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../../test/render';
import { insightServer, queriesOf } from '../../../test/insight-server';
import DashboardScreen from './dashboard-screen';

const figures = {
  '/dashBoard/total-sales': {
    from: null,
    to: null,
    total_sales: 1_250_000,
    net_sales: 1_200_000,
    orders: 3,
    currency: 'NGN',
  },
  '/dashBoard/total-customers': { from: null, to: null, total: 0, new: 0, buying: 0 },
  '/dashBoard/total-order': {
    from: null,
    to: null,
    placed: 4,
    completed: 3,
    cancelled: 1,
    refunded: 0,
    open: 0,
  },
  '/dashBoard/customers': [],
  '/dashBoard/product-sale': [
    { product_id: 'p1', name: 'Milo 500g', image: null, units: 5, revenue: 750_000 },
  ],
  '/dashBoard/recent-orders': [
    {
      id: 'o1',
      number: 'ORD-000003',
      created_at: '2026-11-26T09:00:00.000Z',
      customer_name: null,
      product: 'Milo 500g +1 more',
      quantity: 3,
      amount: 500_000,
      status: 'success',
      payment_state: 'paid',
      refunded_total: 0,
    },
    {
      id: 'o2',
      number: 'ORD-000002',
      created_at: '2026-11-26T08:00:00.000Z',
      customer_name: null,
      product: 'Peak milk',
      quantity: 2,
      amount: 300_000,
      status: 'success',
      payment_state: 'paid',
      refunded_total: 150_000,
    },
  ],
  '/dashBoard/filter/sales': {
    option: 'sales',
    time: 'week',
    granularity: 'day',
    from: '2026-11-23',
    to: '2026-11-29',
    points: [{ key: '2026-11-26', label: '26 Nov', value: 1_250_000 }],
    total: 1_250_000,
  },
  '/dashBoard/filter/orders': {
    option: 'orders',
    time: 'week',
    granularity: 'day',
    from: '2026-11-23',
    to: '2026-11-29',
    points: [{ key: '2026-11-26', label: '26 Nov', value: 3 }],
    total: 3,
  },
};

const today = {
  date: '2026-11-26',
  today: 1_250_000,
  yesterday: 1_000_000,
  today_orders: 3,
  yesterday_orders: 2,
  change_percent: 25,
  currency: 'NGN',
};

// The screen's calls each wait for the signed-in user first; a busy machine takes over a second.
configure({ asyncUtilTimeout: 5000 });

describe('dashboard', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows each widget in its own state: figures, a failure with a retry, empty lists', async () => {
    const answers: Record<string, unknown> = {
      ...figures,
      '/dashBoard/today-sales': { fail: 403, message: 'The figures are resting' },
    };
    const fetch = insightServer(answers);
    const user = userEvent.setup();
    renderScreen(<DashboardScreen />);

    // Loading: each card has its own skeleton.
    expect(await screen.findByRole('status', { name: 'Loading total sales' })).toBeInTheDocument();

    expect(await screen.findByRole('status', { name: 'Total sales' })).toHaveTextContent('₦12,500.00');
    expect(screen.getByText('From 3 completed orders')).toBeVisible();
    expect(screen.getByRole('link', { name: 'View completed orders' })).toHaveAttribute(
      'href',
      '/sales/orders?status=success',
    );
    expect(await screen.findByRole('status', { name: 'Orders' })).toHaveTextContent('4');
    expect(screen.getByRole('status', { name: 'Customers' })).toHaveTextContent('0');
    expect(screen.getByText('Add customers at the till or import them.')).toBeVisible();

    // Today's sales failed alone (a 4xx, which the cache does not retry by itself), with the
    // server's message and a retry.
    const failed = await screen.findByText('The figures are resting');
    expect(screen.getByRole('status', { name: 'Total sales' })).toBeVisible();
    answers['/dashBoard/today-sales'] = today;
    await user.click(
      within(failed.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Try again' }),
    );
    expect(await screen.findByRole('status', { name: "Today's sales" })).toHaveTextContent('₦12,500.00');
    expect(screen.getByText('+25.0% vs yesterday')).toBeVisible();
    expect(screen.getByRole('link', { name: "View today's orders" })).toHaveAttribute(
      'href',
      '/sales/orders?from=2026-11-26&to=2026-11-26',
    );

    // Lists: empty top customers say so; products and orders link to their records.
    expect(await screen.findByText(/Sales to named customers show here/)).toBeVisible();
    const products = await screen.findByRole('table', { name: 'Top products' });
    expect(within(products).getByRole('link', { name: 'Milo 500g' })).toHaveAttribute(
      'href',
      '/inventory/products/p1',
    );
    const orders = screen.getByRole('table', { name: 'Recent orders' });
    expect(within(orders).getByRole('link', { name: 'ORD-000003' })).toHaveAttribute(
      'href',
      '/sales/orders/details/o1',
    );
    expect(within(orders).getByText('Completed')).toBeVisible();
    // A completed order with a refund is not shown as untouched.
    expect(within(orders).getByText('Partly refunded')).toBeVisible();
    expect(fetch).toHaveBeenCalled();
  }, 20_000);

  it('switches the chart between figures and periods, and asks for a custom range', async () => {
    const fetch = insightServer({ ...figures, '/dashBoard/today-sales': today });
    const user = userEvent.setup();
    const { router } = renderScreen(<DashboardScreen />);
    expect(await screen.findByTestId('chart-total')).toHaveTextContent('This week: ₦12,500.00');
    expect(queriesOf(fetch, '/dashBoard/filter/sales')[0]).toEqual({ time: 'week' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Chart figure' }), 'orders');
    await waitFor(() => expect(screen.getByTestId('chart-total')).toHaveTextContent('This week: 3'));
    expect(router.state.location.search).toBe('?chart=orders');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Chart period' }), 'year');
    await waitFor(() =>
      expect(queriesOf(fetch, '/dashBoard/filter/orders').at(-1)).toEqual({ time: 'year' }),
    );

    await user.selectOptions(screen.getByRole('combobox', { name: 'Chart period' }), 'custom');
    await waitFor(() => {
      const last = queriesOf(fetch, '/dashBoard/filter/orders').at(-1)!;
      expect(Object.keys(last).sort()).toEqual(['from', 'to']);
      expect(last.from! <= last.to!).toBe(true);
    });
    expect(screen.getByLabelText('Chart from')).toBeVisible();
  }, 20_000);

  it('tells a role without reports.view that the dashboard is not part of it, and asks nothing', async () => {
    const fetch = insightServer(figures, ['orders.view']);
    renderScreen(<DashboardScreen />);
    expect(await screen.findByText('The dashboard is not part of your role')).toBeVisible();
    expect(fetch.mock.calls.some(([u]) => String(u).includes('/dashBoard/'))).toBe(false);
  });
});
