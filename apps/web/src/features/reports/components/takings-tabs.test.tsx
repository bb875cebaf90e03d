import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SalesByCashier, TakingsByPaymentType } from '@tillbook/contract/reports';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { insightServer, queriesOf } from '../../../test/insight-server';
import { renderScreen } from '../../../test/render';
import ReportsScreen from '../screens/reports-screen';

const paymentTypes: TakingsByPaymentType = {
  from: '2026-11-01',
  to: '2026-11-26',
  currency: 'NGN',
  rows: [
    {
      payment_type: 'cash',
      received: 500_000,
      received_count: 3,
      paid_back: 83_333,
      paid_back_count: 1,
      net: 416_667,
    },
    {
      payment_type: 'pos_terminal',
      received: 100_000,
      received_count: 1,
      paid_back: 0,
      paid_back_count: 0,
      net: 100_000,
    },
  ],
  total: { received: 600_000, received_count: 4, paid_back: 83_333, paid_back_count: 1, net: 516_667 },
};

const cashiers: SalesByCashier = {
  from: '2026-11-01',
  to: '2026-11-26',
  currency: 'NGN',
  rows: [
    {
      member_id: 'u1',
      member_name: 'Ada Eze',
      orders: 2,
      sales_total: 350_000,
      received: 350_000,
      refunds: 83_333,
      discounts: 50_000,
      average_sale: 175_000,
    },
    {
      member_id: 'k1',
      member_name: 'sk_live_…abcd',
      orders: 1,
      sales_total: 100_000,
      received: 100_000,
      refunds: 0,
      discounts: 0,
      average_sale: 100_000,
    },
  ],
  total: {
    orders: 3,
    sales_total: 450_000,
    received: 450_000,
    refunds: 83_333,
    discounts: 50_000,
    average_sale: 150_000,
  },
};

configure({ asyncUtilTimeout: 5000 });

describe('takings tabs', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('by payment type and by cashier: rows, totals and the period sent', async () => {
    const fetch = insightServer({
      '/sales_report/payment-types': paymentTypes,
      '/sales_report/cashiers': cashiers,
    });
    const user = userEvent.setup();
    const { router } = renderScreen(<ReportsScreen />, { path: '/?tab=payment-types' });

    const types = await screen.findByRole('table', { name: 'Takings by payment type' });
    expect(within(types).getByText('Cash')).toBeVisible();
    expect(within(types).getByText('POS terminal')).toBeVisible();
    expect(within(types).getByText('₦4,166.67')).toBeVisible();
    const typeTotals = screen.getByTestId('payment-types-totals');
    expect(typeTotals).toHaveTextContent('₦6,000.00');
    expect(typeTotals).toHaveTextContent('₦5,166.67');
    expect(queriesOf(fetch, '/sales_report/payment-types').at(-1)!.from).toMatch(/^\d{4}-\d{2}-01$/);

    await user.click(screen.getByRole('tab', { name: 'By cashier' }));
    expect(router.state.location.search).toBe('?tab=cashiers');
    const members = await screen.findByRole('table', { name: 'Sales by cashier' });
    expect(within(members).getByText('Ada Eze')).toBeVisible();
    expect(within(members).getByText('sk_live_…abcd')).toBeVisible();
    expect(screen.getByTestId('cashiers-totals')).toHaveTextContent('₦4,500.00');
  }, 20_000);

  it('says when no money moved in the period', async () => {
    insightServer({
      '/sales_report/payment-types': {
        ...paymentTypes,
        rows: [],
        total: { ...paymentTypes.total, received: 0 },
      },
    });
    renderScreen(<ReportsScreen />, { path: '/?tab=payment-types' });
    expect(await screen.findByText('No money received or paid back in this period.')).toBeVisible();
  });
});
