import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { signedInForEachTest } from '../../../test/session';
import { jsonResponse, renderScreen } from '../../../test/render';
import { QuickStart } from './quick-start';
import { RevealModal } from './reveal-modal';

const SECRET = `sk_live_${'a'.repeat(43)}`;

describe('reveal a secret key', () => {
  signedInForEachTest();

  it('asks for the password, shows a wrong one next to the field, and hands over the key', async () => {
    const fetch = vi.fn(async (_url: string, init?: RequestInit) => {
      const { password } = JSON.parse(String(init!.body)) as { password: string };
      return password === 'sunny-day-42'
        ? jsonResponse(200, {
            success: true,
            message: 'OK',
            data: {
              id: 'k1',
              env: 'production',
              type: 'secret',
              scope: 'full',
              masked: 'sk_live_…aaaa',
              value: SECRET,
              created_at: '2026-11-26T00:00:00.000Z',
              expires_at: null,
              last_used_at: null,
            },
          })
        : jsonResponse(422, {
            success: false,
            message: 'The password is not correct.',
            error: {
              code: 'UNPROCESSABLE',
              message: 'The password is not correct.',
              fields: { password: 'The password is not correct' },
            },
          });
    });
    vi.stubGlobal('fetch', fetch);
    const revealed = vi.fn();
    const user = userEvent.setup();
    renderScreen(<RevealModal keyId="k1" onClose={() => {}} onRevealed={revealed} />);

    await user.click(await screen.findByRole('button', { name: 'Reveal' }));
    expect(await screen.findByText('Password is required')).toBeVisible();
    expect(fetch).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Reveal' }));
    expect(await screen.findByText('The password is not correct')).toBeVisible();

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'sunny-day-42');
    await user.click(screen.getByRole('button', { name: 'Reveal' }));
    await waitFor(() => expect(revealed).toHaveBeenCalledWith('k1', SECRET));
    expect(String(fetch.mock.calls.at(-1)![0])).toContain('/api/v1/developer/keys/k1/reveal');
  }, 30_000);

  it('past the wrong-password limit, says so next to the field and keeps the key hidden', async () => {
    const message = 'Too many wrong passwords. Try again in 60 minutes.';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(429, { success: false, message, error: { code: 'RATE_LIMITED', message } }),
      ),
    );
    const revealed = vi.fn();
    const user = userEvent.setup();
    renderScreen(<RevealModal keyId="k1" onClose={() => {}} onRevealed={revealed} />);
    await user.type(await screen.findByLabelText('Password'), 'sunny-day-42');
    await user.click(screen.getByRole('button', { name: 'Reveal' }));
    expect(await screen.findByText(message)).toBeVisible();
    expect(revealed).not.toHaveBeenCalled();
  }, 30_000);

  it('quick start: a curl call with this server and the key, ready to paste', () => {
    renderScreen(<QuickStart secret={SECRET} env="production" />);
    expect(screen.getByTestId('curl').textContent).toBe(
      `curl -H "Authorization: Bearer ${SECRET}" "${window.location.origin}/api/v1/product/paginated/results?perPage=5"`,
    );
  });
});
