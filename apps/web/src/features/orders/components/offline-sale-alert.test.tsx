import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Order } from '@tillbook/contract/orders';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderScreen } from '../../../test/render';
import { OfflineSaleAlert } from './offline-sale-alert';

const order = {
  id: '0190a0a0-0000-7000-8000-000000000001',
  number: 'ORD-000042',
  offline_number: 'OFF-TILL01-7',
  offline_sold_at: '2026-11-25T10:00:00.000Z',
  offline_state: 'needs_review',
  offline_issues: [
    {
      kind: 'stock_held',
      product_id: 'p1',
      message:
        'Only 0 of "Indomie" left for 1 sold offline: no stock was taken for this sale until you decide.',
    },
  ],
} as unknown as Order;

describe('offline sale that needs a decision', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists its reasons and sends the decision only after it is confirmed', async () => {
    const fetch = vi.fn().mockImplementation(() =>
      Promise.resolve(
        jsonResponse(200, {
          success: true,
          message: 'Offline sale accepted',
          data: { ...order, offline_state: 'resolved' },
        }),
      ),
    );
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    renderScreen(<OfflineSaleAlert order={order} canDecide />);

    expect(screen.getByText('Sold offline as OFF-TILL01-7: needs a decision')).toBeVisible();
    expect(screen.getByText(/no stock was taken for this sale until you decide/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Accept sale' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept this offline sale?' });
    expect(fetch).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Accept sale' }));

    await waitFor(() => expect(screen.getByText('Offline sale accepted')).toBeVisible());
    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toBe(`/api/v1/order/${order.id}/offline-decision`);
    expect(JSON.parse(init.body)).toEqual({ decision: 'accept' });
  }, 20_000);

  it("shows the server's refusal and offers no buttons to a role that cannot decide", async () => {
    const message = 'Only 0 of "Indomie" left; 1 needed.';
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockImplementation(() =>
          Promise.resolve(
            jsonResponse(409, { success: false, message, error: { code: 'CONFLICT', message } }),
          ),
        ),
    );
    const user = userEvent.setup();
    const { unmount } = renderScreen(<OfflineSaleAlert order={order} canDecide />);
    await user.click(screen.getByRole('button', { name: 'Cancel sale' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this offline sale?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel sale' }));
    await waitFor(() => expect(screen.getByText(message)).toBeVisible());
    unmount();

    renderScreen(<OfflineSaleAlert order={order} canDecide={false} />);
    expect(screen.queryByRole('button', { name: 'Accept sale' })).toBeNull();
    expect(screen.getByText(/Your role cannot decide offline sales/)).toBeVisible();
  }, 20_000);
});
