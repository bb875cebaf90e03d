import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { signedInForEachTest } from '../../../test/session';
import { jsonResponse, noRoute, renderScreen } from '../../../test/render';
import { PaymentPanel } from './payment-panel';

const ok = (data: unknown) => jsonResponse(200, { success: true, message: 'OK', data });

describe('Settings → Payment', () => {
  signedInForEachTest();

  it('finds the settlement bank by its short name, as the transfer form does', async () => {
    const fetch = vi.fn(async (url: string) => {
      const path = String(url);
      if (path.startsWith('/api/v1/payment/settlement-account')) return ok(null);
      if (path.startsWith('/api/v1/payment/banks'))
        return ok([
          { name: 'First City Monument Bank', code: '214' },
          { name: 'Guaranty Trust Bank', code: '058' },
          { name: 'United Bank For Africa', code: '033' },
        ]);
      if (path.startsWith('/api/v1/wallet/pin')) return ok({ pin_set: false, updated_at: null });
      return noRoute(path);
    });
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    renderScreen(<PaymentPanel canEdit />);
    await waitFor(() =>
      expect(fetch.mock.calls.map(([url]) => String(url)).join(' ')).toContain('/payment/banks'),
    );
    await user.click(await screen.findByRole('combobox', { name: 'Bank' }));
    await user.keyboard('FCMB');
    expect(
      await screen.findByRole('option', { name: 'First City Monument Bank', hidden: true }),
    ).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'Guaranty Trust Bank', hidden: true })).toBeNull();
  }, 30_000);
});
