import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SalesFigures } from '@tillbook/contract/reports';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../../test/render';
import { insightServer, queriesOf } from '../../../test/insight-server';
import ReportsScreen from './reports-screen';

const zero: SalesFigures = {
  gross_sales: 0,
  discounts: 0,
  refunds: 0,
  net_sales: 0,
  tax: 0,
  shipping: 0,
  total_sales: 0,
  orders: 0,
  average_order_value: 0,
  units: 0,
  cost: 0,
};
const sold: SalesFigures = {
  ...zero,
  gross_sales: 1_000_000,
  discounts: 50_000,
  refunds: 150_000,
  net_sales: 800_000,
  total_sales: 800_000,
  orders: 4,
  average_order_value: 200_000,
  units: 6,
  cost: 500_000,
};
const before: SalesFigures = { ...sold, net_sales: 400_000, refunds: 0, discounts: 50_000, orders: 2 };
const changes = Object.fromEntries(Object.keys(zero).map((k) => [k, null])) as Record<
  keyof SalesFigures,
  null
>;

const pagination = { page: 1, perPage: 20, total: 2, totalPages: 1 };

const answers = {
  '/sales_report/all': {
    from: '2026-11-01',
    to: '2026-11-26',
    previous_from: '2026-10-06',
    previous_to: '2026-10-31',
    currency: 'NGN',
    current: sold,
    previous: before,
    change_percent: { ...changes, net_sales: 100, refunds: null, discounts: 0, orders: 100 },
  },
  '/sales_report/filter/sales': {
    type: 'daily',
    from: '2026-11-25',
    to: '2026-11-26',
    currency: 'NGN',
    rows: [
      {
        period: '2026-11-25',
        label: '25 Nov',
        from: '2026-11-25',
        to: '2026-11-25',
        current: zero,
        previous: zero,
        change_percent: changes,
      },
      {
        period: '2026-11-26',
        label: '26 Nov',
        from: '2026-11-26',
        to: '2026-11-26',
        current: sold,
        previous: before,
        change_percent: { ...changes, net_sales: 100 },
      },
    ],
    totals: { current: sold, previous: before, change_percent: { ...changes, net_sales: 100 } },
  },
  '/sales_report/items': {
    from: '2026-11-01',
    to: '2026-11-26',
    currency: 'NGN',
    rows: [
      {
        product_id: 'p1',
        name: 'Milo 500g',
        sku: 'MILO',
        quantity: 4,
        revenue: 600_000,
        average_price: 150_000,
        cost: 360_000,
        margin: 240_000,
        margin_percent: 40,
      },
      {
        product_id: 'p2',
        name: 'Peak Milk',
        sku: null,
        quantity: 2,
        revenue: 200_000,
        average_price: 100_000,
        cost: 140_000,
        margin: 60_000,
        margin_percent: 30,
      },
    ],
    totals: {
      quantity: 6,
      revenue: 800_000,
      average_price: 133_333,
      cost: 500_000,
      margin: 300_000,
      margin_percent: 37.5,
    },
    pagination,
  },
  '/sales_transactions/orders': {
    from: '2026-11-01',
    to: '2026-11-26',
    kind: 'orders',
    currency: 'NGN',
    rows: [
      {
        id: 'o2',
        kind: 'order',
        date: '2026-11-26T10:00:00.000Z',
        number: 'ORD-000002',
        order_id: 'o2',
        order_number: 'ORD-000002',
        customer_name: 'Ada Eze',
        payment_type: 'bank_transfer',
        amount: 500_000,
        status: 'success',
      },
      {
        id: 'o1',
        kind: 'order',
        date: '2026-11-26T09:00:00.000Z',
        number: 'ORD-000001',
        order_id: 'o1',
        order_number: 'ORD-000001',
        customer_name: null,
        payment_type: 'cash',
        amount: 300_000,
        status: 'refunded',
      },
    ],
    totals: { count: 2, amount: 800_000, paid: 500_000, unpaid: 300_000 },
    pagination,
  },
  '/product/categories': [{ id: 'c1', name: 'Drinks' }],
};

// The screen's calls each wait for the signed-in user first; a busy machine takes over a second.
configure({ asyncUtilTimeout: 5000 });

describe('reports', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sales report: figures beside the period before, the rows and the totals row', async () => {
    const fetch = insightServer(answers);
    renderScreen(<ReportsScreen />);
    expect(await screen.findByRole('status', { name: 'Net sales' })).toHaveTextContent('₦8,000.00');
    expect(
      screen.getByText('1 Nov 2026 – 26 Nov 2026, compared with 6 Oct 2026 – 31 Oct 2026'),
    ).toBeVisible();
    const net = screen.getByTestId('stat-Net sales');
    expect(within(net).getByText('+100.0%')).toBeVisible();
    expect(within(net).getByText('Before: ₦4,000.00')).toBeVisible();
    // Discounts did not change: no change, even though the server gives 0 %.
    expect(within(screen.getByTestId('stat-Discounts')).getByText('0%')).toBeVisible();
    // Refunds came from nothing: no percentage to give, and more refunds is red.
    expect(within(screen.getByTestId('stat-Refunds')).getByText('Up from zero')).toBeVisible();

    const table = await screen.findByRole('table', { name: 'Sales report' });
    expect(within(table).getAllByRole('row')).toHaveLength(4); // header, two days, totals
    const totals = screen.getByTestId('sales-report-totals');
    expect(totals).toHaveTextContent('Totals');
    expect(totals).toHaveTextContent('₦8,000.00');
    expect(totals).toHaveTextContent('₦1,500.00'); // refunds

    // This month by default, in the store's days.
    const [query] = queriesOf(fetch, '/sales_report/filter/sales');
    expect(query).toMatchObject({ type: 'daily' });
    expect(query!.from).toMatch(/^\d{4}-\d{2}-01$/);
  }, 20_000);

  it('sales by item and sales transactions tabs: rows, links and totals of all pages', async () => {
    const fetch = insightServer(answers);
    const user = userEvent.setup();
    const { router } = renderScreen(<ReportsScreen />);

    await user.click(await screen.findByRole('tab', { name: 'Sales by item' }));
    const items = await screen.findByRole('table', { name: 'Sales by item' });
    expect(within(items).getByRole('link', { name: 'Milo 500g' })).toHaveAttribute(
      'href',
      '/inventory/products/p1',
    );
    const itemTotals = screen.getByTestId('sales-by-item-totals');
    expect(itemTotals).toHaveTextContent('₦8,000.00');
    expect(itemTotals).toHaveTextContent('37.5%');
    expect(router.state.location.search).toBe('?tab=items');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'c1');
    await waitFor(() =>
      expect(queriesOf(fetch, '/sales_report/items').at(-1)).toMatchObject({ categoryId: 'c1' }),
    );

    await user.click(screen.getByRole('tab', { name: 'Sales transactions' }));
    const rows = await screen.findByRole('table', { name: 'Sales transactions' });
    expect(within(rows).getByRole('link', { name: 'ORD-000002' })).toHaveAttribute(
      'href',
      '/sales/orders/details/o2',
    );
    expect(within(rows).getByText('Bank transfer')).toBeVisible();
    expect(within(rows).getByText('Walk-in')).toBeVisible();
    expect(screen.getByTestId('transactions-totals')).toHaveTextContent('Totals: 2 orders');
    expect(screen.getByTestId('transactions-totals')).toHaveTextContent('₦8,000.00');
    expect(screen.getByTestId('transactions-paid-unpaid')).toHaveTextContent(
      'paid ₦5,000.00 · unpaid ₦3,000.00',
    );

    // A custom range goes to the calls as it is.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'custom');
    // jsdom's date box takes a whole value, as a browser's picker gives it.
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-10-01' } });
    await waitFor(() =>
      expect(queriesOf(fetch, '/sales_transactions/orders').at(-1)).toMatchObject({ from: '2026-10-01' }),
    );
  }, 20_000);

  it('sales by item by variant: a row per size named with it, the query and the export say so', async () => {
    const row = answers['/sales_report/items'].rows[0]!;
    const fetch = insightServer({
      ...answers,
      '/sales_report/items': {
        ...answers['/sales_report/items'],
        rows: [
          {
            ...row,
            product_id: 'p3',
            variant_id: 'p3',
            variant_name: 'S',
            name: 'Ankara Shirt',
            sku: 'SHIRT-S',
          },
          {
            ...row,
            product_id: 'p3',
            variant_id: 'v-m',
            variant_name: 'M',
            name: 'Ankara Shirt',
            sku: 'SHIRT-M',
          },
        ],
      },
    });
    const user = userEvent.setup();
    const { router } = renderScreen(<ReportsScreen />, { path: '/?tab=items' });
    await screen.findByRole('table', { name: 'Sales by item' });
    expect(queriesOf(fetch, '/sales_report/items').at(-1)).toMatchObject({ by: 'product' });

    await user.click(screen.getByRole('radio', { name: 'By variant' }));
    await waitFor(() =>
      expect(queriesOf(fetch, '/sales_report/items').at(-1)).toMatchObject({ by: 'variant' }),
    );
    expect(router.state.location.search).toBe('?tab=items&by=variant');
    const items = await screen.findByRole('table', { name: 'Sales by item' });
    expect(within(items).getByRole('link', { name: 'Ankara Shirt · M' })).toHaveAttribute(
      'href',
      '/inventory/products/p3',
    );
    expect(within(items).getByRole('link', { name: 'Ankara Shirt · S' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() =>
      expect(queriesOf(fetch, '/sales_report/items/export').at(-1)).toMatchObject({ by: 'variant' }),
    );

    await user.click(screen.getByRole('radio', { name: 'By product' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=items'));
  }, 20_000);

  it('says when nothing sold in the period', async () => {
    insightServer({
      ...answers,
      '/sales_report/filter/sales': {
        ...answers['/sales_report/filter/sales'],
        rows: [answers['/sales_report/filter/sales'].rows[0]],
        totals: { current: zero, previous: zero, change_percent: changes },
      },
    });
    renderScreen(<ReportsScreen />);
    expect(await screen.findByText('No sales in this period. Pick another period or range.')).toBeVisible();
  });

  it('shows the Shifts tab only to a role that may list shifts', async () => {
    insightServer(answers, ['reports.view', 'shifts.own']);
    const { unmount } = renderScreen(<ReportsScreen />);
    expect(await screen.findByRole('tab', { name: 'Shifts' })).toBeVisible();
    unmount();
    insightServer(answers);
    renderScreen(<ReportsScreen />);
    expect(await screen.findByRole('tab', { name: 'By cashier' })).toBeVisible();
    expect(screen.queryByRole('tab', { name: 'Shifts' })).toBeNull();
  });

  it('Receivables: what is owed by age and by whom, as of today, for a role that may see customers', async () => {
    const owing = {
      '/customers/owing/summary': {
        currency: 'NGN',
        customers: 1,
        total: 450_000,
        ageing: { d0_30: 300_000, d31_60: 150_000, d61_90: 0, d90_plus: 0 },
      },
      '/customers/owing': [
        {
          customer_id: 'c1',
          name: 'Adaeze Nwosu',
          phone_number: '+2348031112233',
          balance: 450_000,
          credit_limit: 5_000_000,
          ageing: { d0_30: 300_000, d31_60: 150_000, d61_90: 0, d90_plus: 0 },
          oldest_unpaid_at: '2026-10-10T09:00:00.000Z',
          last_payment_at: null,
        },
      ],
    };
    const fetch = insightServer({ ...answers, ...owing }, ['reports.view', 'customers.view']);
    const user = userEvent.setup();
    const { router } = renderScreen(<ReportsScreen />, { path: '/?tab=receivables' });

    const table = await screen.findByRole('table', { name: 'Customers who owe' });
    expect(within(table).getByRole('link', { name: 'Adaeze Nwosu' })).toHaveAttribute(
      'href',
      '/sales/customers/c1?tab=account',
    );
    expect(within(table).getByText('31–60 days ₦1,500.00')).toBeVisible();
    expect(within(table).queryByText(/61–90 days/)).toBeNull();
    expect(screen.getByTestId('receivables-totals')).toHaveTextContent('₦4,500.00');
    expect(await screen.findByTestId('owing-d31_60')).toHaveTextContent('₦1,500.00');
    // What is owed now: no period to pick.
    expect(screen.queryByRole('combobox', { name: 'Period' })).toBeNull();
    expect(screen.getByTestId('report-period')).toHaveTextContent(/^As of /);

    // A bucket tapped filters the list by it.
    await user.click(screen.getByRole('button', { name: /^31–60 days/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=receivables&bucket=d31_60'));
    await waitFor(() =>
      expect(queriesOf(fetch, '/customers/owing').at(-1)).toMatchObject({ bucket: 'd31_60' }),
    );
  });

  it('shows the Receivables tab only to a role that may see customers', async () => {
    insightServer(answers);
    renderScreen(<ReportsScreen />, { path: '/?tab=receivables' });
    // The tab is not offered, and its address falls back to the sales report.
    expect(await screen.findByRole('tab', { name: 'Sales report' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('tab', { name: 'Receivables' })).toBeNull();
  });
});
