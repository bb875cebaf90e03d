import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderScreen } from '../../../test/render';
import DiscountFormScreen from './discount-form-screen';

/** The server: an empty list for every read; a create answers 400 so the form stays. */
function server() {
  return vi.fn(async (url: string, init?: RequestInit) =>
    init?.method === 'POST'
      ? jsonResponse(400, {
          success: false,
          message: 'Check the highlighted fields',
          error: {
            code: 'VALIDATION',
            message: 'Check the highlighted fields',
            fields: { value: 'Too much off' },
          },
        })
      : jsonResponse(200, { success: true, data: [], pagination: { page: 1, limit: 20, total: 0 } }),
  );
}

describe('discount form, fixed amount', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('takes the amount off in naira, checks it with the contract and sends minor units', async () => {
    const fetch = server();
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    renderScreen(<DiscountFormScreen />);
    await user.type(await screen.findByRole('textbox', { name: /^Discount name/ }), 'Weekend');
    await user.click(screen.getByText('Fixed amount'));
    const amount = screen.getByRole('textbox', { name: /^Amount off/ });
    await user.type(amount, '12.345');
    await user.click(screen.getByRole('button', { name: 'Add discount' }));
    expect(await screen.findByText('Enter an amount like 500 or 500.50')).toBeVisible();
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '1,500.50');
    expect(screen.queryByText('Enter an amount like 500 or 500.50')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add discount' }));
    // The server's message for the body's `value` shows on the amount box.
    expect(await screen.findByText('Too much off')).toBeVisible();
    const posts = fetch.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(JSON.parse(String(posts[0]![1]!.body))).toMatchObject({
      name: 'Weekend',
      type: 'fixed',
      value: 150050,
    });
    await waitFor(() => expect(screen.getByText('Check the highlighted fields')).toBeVisible());
  }, 20_000);
});
