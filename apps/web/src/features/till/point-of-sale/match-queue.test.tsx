import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { IncomingTransfer } from '@tillbook/contract/till-transfers';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, noRoute, okResponse, renderScreen } from '../../../test/render';
import { signedInForEachTest } from '../../../test/session';
import { MatchQueueButton } from './match-queue';

const transfer: IncomingTransfer = {
  id: 't1',
  provider_reference: 'ref-1',
  wallet_transaction_id: 'w1',
  amount: 450_000,
  payer_name: 'ADAEZE NWOSU',
  account_number: '9427659086',
  state: 'ambiguous',
  order_id: null,
  order_number: null,
  surplus: 0,
  candidates: [
    {
      order_id: 'o1',
      order_number: 'ORD-000001',
      amount: 450_000,
      created_by_name: 'Zainab',
      created_at: '2026-11-30T10:00:00.000Z',
    },
  ],
  received_at: '2026-11-30T10:05:00.000Z',
  matched_at: null,
  matched_by_name: null,
};

/** Ada with `permissions`, and the transfers waiting in each state of the queue. */
function serve(permissions: string[], waiting: IncomingTransfer[]) {
  return vi.fn(async (input: string | URL | Request) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(/^\/api\/v1/, '');
    if (path === '/user/singleuser') {
      const store = { id: 's1', business_name: 'Mama Put', currency: 'NGN', timezone: 'Africa/Lagos' };
      return okResponse({ user: { id: 'u1', first_name: 'Ada' }, store, stores: [store], permissions });
    }
    if (path === '/transfers/incoming') {
      const data = waiting.filter((t) => t.state === url.searchParams.get('state'));
      return jsonResponse(200, {
        success: true,
        message: 'OK',
        data,
        pagination: { page: 1, perPage: 50, total: data.length, totalPages: 1 },
      });
    }
    return noRoute(path);
  });
}

const asked = (fetch: ReturnType<typeof serve>) =>
  fetch.mock.calls.filter(([input]) => String(input).includes('/transfers/incoming')).length;

describe('the till’s "Match it" button', () => {
  signedInForEachTest();

  it('is not on the till while no transfer waits, so it never pushes the till down as it loads', async () => {
    const fetch = serve(['payments.record'], []);
    vi.stubGlobal('fetch', fetch);
    renderScreen(<MatchQueueButton phone currency="NGN" />);
    await waitFor(() => expect(asked(fetch)).toBe(2));
    expect(screen.queryByRole('button', { name: /Match it/ })).toBeNull();
  });

  it('shows the count of transfers waiting and opens the queue with the sales each could pay', async () => {
    vi.stubGlobal('fetch', serve(['payments.record'], [transfer]));
    renderScreen(<MatchQueueButton phone currency="NGN" />);
    const button = await screen.findByRole('button', { name: 'Match it: 1 transfer to match' });
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(button);
    const queue = await screen.findByRole('region', { name: 'Transfer of ₦4,500.00' });
    expect(queue).toHaveTextContent('From ADAEZE NWOSU');
    expect(screen.getByRole('radio', { name: /ORD-000001 · ₦4,500.00 · Zainab/ })).toBeChecked();
  });

  it('is not shown, and asks nothing, to a member who cannot record payments', async () => {
    const fetch = serve(['orders.create'], [transfer]);
    vi.stubGlobal('fetch', fetch);
    renderScreen(<MatchQueueButton phone currency="NGN" />);
    await waitFor(() =>
      expect(fetch.mock.calls.some(([input]) => String(input).includes('/user/singleuser'))).toBe(true),
    );
    expect(asked(fetch)).toBe(0);
    expect(screen.queryByRole('button', { name: /Match it/ })).toBeNull();
  });
});
