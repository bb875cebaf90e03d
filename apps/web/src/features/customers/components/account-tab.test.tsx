import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AccountPaymentResult, CustomerAccount } from '@tillbook/contract/customer-accounts';
import type { Customer } from '@tillbook/contract/customers';
import { describe, expect, it, vi } from 'vitest';
import { fieldsRefused, jsonResponse, noRoute, okResponse, renderScreen } from '../../../test/render';
import { signedInForEachTest } from '../../../test/session';
import { AccountTab } from './account-tab';

const customer: Customer = {
  id: 'c1',
  first_name: 'Adaeze',
  last_name: 'Nwosu',
  full_name: 'Adaeze Nwosu',
  email_address: null,
  phone_number: '+2348031112233',
  address: null,
  city: null,
  state: null,
  country: null,
  notes: null,
  is_active: true,
  status: 'active',
  orders_count: 1,
  total_spent: 450_000,
  last_order_at: '2026-11-20T10:00:00.000Z',
  credit_limit: 5_000_000,
  account_balance: 450_000,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
};

const account: CustomerAccount = {
  customer_id: 'c1',
  currency: 'NGN',
  balance: 450_000,
  credit_limit: 5_000_000,
  available_credit: 4_550_000,
  totals: { sales: 450_000, repayments: 0, refunds: 0, write_offs: 0, credits: 0, opening_balance: 0 },
  entries: [
    {
      id: 'e1',
      kind: 'sale',
      amount: 450_000,
      balance_after: 450_000,
      order_id: 'o1',
      order_number: 'ORD-0001',
      method: null,
      note: null,
      created_by_name: 'Chioma Obi',
      created_at: '2026-11-20T10:00:00.000Z',
    },
  ],
  page: 1,
  per_page: 10,
  entries_count: 1,
  open_orders: [
    {
      id: 'o1',
      number: 'ORD-0001',
      total: 450_000,
      amount_outstanding: 450_000,
      created_at: '2026-11-20T10:00:00.000Z',
    },
  ],
};

const repaid: AccountPaymentResult = {
  entry: { ...account.entries[0]!, id: 'e2', kind: 'repayment', amount: -200_000, balance_after: 250_000 },
  allocations: [
    {
      order_id: 'o1',
      order_number: 'ORD-0001',
      amount: 200_000,
      order_amount_outstanding: 250_000,
      order_payment_state: 'partially_paid',
      payment_id: 'p1',
    },
  ],
  balance: 250_000,
};

/** The store's server: Ada with `permissions`, the account, and the repayments' answers in turn. */
function serve(permissions: string[], repayments: Array<() => Response> = []) {
  return vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(/^\/api\/v1/, '');
    if (path === '/user/singleuser') {
      const store = { id: 's1', business_name: 'Mama Put', currency: 'NGN', timezone: 'Africa/Lagos' };
      return okResponse({ user: { id: 'u1', first_name: 'Ada' }, store, stores: [store], permissions });
    }
    if (path === '/customers/c1/account') return okResponse(account);
    if (path === '/customers/c1/account/write_off' && init?.method === 'POST') {
      return okResponse({ ...repaid, entry: { ...repaid.entry, kind: 'write_off', amount: -100_000 } }, 201);
    }
    if (path === '/customers/c1/account/payments' && init?.method === 'POST') {
      const next = repayments.shift();
      return next ? next() : noRoute(path);
    }
    return noRoute(path);
  });
}

const posts = (fetch: ReturnType<typeof serve>, route = '/account/payments') =>
  fetch.mock.calls
    .filter(([input, init]) => init?.method === 'POST' && String(input).includes(route))
    .map(([, init]) => ({
      body: JSON.parse(String(init!.body)) as Record<string, unknown>,
      key: (init!.headers as Record<string, string>)['Idempotency-Key'],
    }));

describe('the customer’s Account tab', () => {
  signedInForEachTest();

  it('shows the balance, limit, open order and statement, and offers what the role may do', async () => {
    vi.stubGlobal('fetch', serve(['customers.view', 'payments.record']));
    const { unmount } = renderScreen(<AccountTab customer={customer} />);
    expect(await screen.findByTestId('account-balance')).toHaveTextContent('Owes ₦4,500.00');
    expect(screen.getByTestId('account-limit')).toHaveTextContent('₦50,000.00');
    expect(screen.getByTestId('account-available')).toHaveTextContent('₦45,500.00');
    const open = screen.getByRole('table', { name: 'Orders on account' });
    expect(within(open).getByRole('link', { name: 'ORD-0001' })).toHaveAttribute(
      'href',
      '/sales/orders/details/o1',
    );
    const statement = screen.getByRole('table', { name: 'Statement entries' });
    expect(within(statement).getByText('Sale on account')).toBeVisible();
    expect(within(statement).getByText('+₦4,500.00')).toBeVisible();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Record repayment' })).toBeVisible());
    expect(screen.queryByRole('button', { name: 'Write off' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Set credit limit' })).toBeNull();
    unmount();

    vi.stubGlobal('fetch', serve(['customers.view', 'customers.write_off', 'customers.credit_override']));
    renderScreen(<AccountTab customer={customer} />);
    expect(await screen.findByRole('button', { name: 'Write off' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Set credit limit' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Record repayment' })).toBeNull();
  });

  it('records a repayment once per key: errors beside the field, then how it was shared', async () => {
    const fetch = serve(
      ['customers.view', 'payments.record'],
      [
        () => jsonResponse(503, { success: false, message: 'The server is busy. Try again.' }),
        () => fieldsRefused({ reference: 'Reference must be at most 120 characters' }),
        () => okResponse(repaid, 201),
      ],
    );
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    renderScreen(<AccountTab customer={customer} />);
    await user.click(await screen.findByRole('button', { name: 'Record repayment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a repayment from Adaeze Nwosu' });

    // Nothing typed: the amount says so, and nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Record repayment' }));
    expect(await within(dialog).findByText('Enter an amount like 5000 or 5,000.50')).toBeVisible();
    expect(posts(fetch)).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: 'Amount' }), '2,000');
    await user.type(within(dialog).getByRole('textbox', { name: 'Reference' }), 'Receipt 0042');
    // A busy server: the same repayment is sent again with the same key.
    await user.click(within(dialog).getByRole('button', { name: 'Record repayment' }));
    await waitFor(() => expect(posts(fetch)).toHaveLength(1));
    await user.click(within(dialog).getByRole('button', { name: 'Record repayment' }));
    // Refused: the message sits beside its field; the corrected form is a new repayment.
    expect(await within(dialog).findByText('Reference must be at most 120 characters')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Record repayment' }));

    const done = await screen.findByRole('dialog', { name: 'Repayment recorded' });
    const shared = within(done).getByRole('table', { name: 'How the repayment was shared' });
    expect(within(shared).getByRole('link', { name: 'ORD-0001' })).toBeVisible();
    expect(within(shared).getByText('₦2,000.00')).toBeVisible();
    expect(within(shared).getByText('₦2,500.00')).toBeVisible();
    expect(within(done).getByTestId('balance-after')).toHaveTextContent('Balance now: Owes ₦2,500.00');

    const sent = posts(fetch);
    expect(sent).toHaveLength(3);
    expect(sent[0]!.body).toEqual({ amount: 200_000, payment_type: 'cash', reference: 'Receipt 0042' });
    expect(sent[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[1]!.key).toBe(sent[0]!.key);
    expect(sent[2]!.key).not.toBe(sent[1]!.key);
  }, 30_000);

  it('writes off at most what is owed, with a reason, once per key', async () => {
    const fetch = serve(['customers.view', 'customers.write_off']);
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    renderScreen(<AccountTab customer={customer} />);
    await user.click(await screen.findByRole('button', { name: 'Write off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Write off what Adaeze Nwosu owes' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Amount' }), '5000');
    await user.click(within(dialog).getByRole('button', { name: 'Write off' }));
    expect(await within(dialog).findByText('At most ₦4,500.00 is owed')).toBeVisible();
    expect(await within(dialog).findByText('Reason is required')).toBeVisible();
    expect(posts(fetch, '/account/write_off')).toEqual([]);

    await user.clear(within(dialog).getByRole('textbox', { name: 'Amount' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Amount' }), '1000');
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Agreed discount');
    await user.click(within(dialog).getByRole('button', { name: 'Write off' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [sent] = posts(fetch, '/account/write_off');
    expect(sent!.body).toEqual({ amount: 100_000, reason: 'Agreed discount' });
    expect(sent!.key).toMatch(/^[0-9a-f-]{36}$/);
  }, 30_000);
});
