import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { adaAccount, signedInForEachTest } from '../../../test/session';
import { jsonResponse, noRoute, okResponse, renderScreen } from '../../../test/render';
import WalletScreen from './wallet-screen';

const REFUSED =
  'Verify your email address to open the wallet: it gives your store a real bank account for payments. Enter the 6-digit code we emailed you (Enter code, at the top of the page), or ask for a new one there.';

const currentUser = {
  user: { ...adaAccount, email_verified: false },
  store: null,
  stores: [],
  permissions: ['wallet.view', 'wallet.transfer'],
};

function serve() {
  return vi.fn(async (url: string, init?: RequestInit) => {
    const path = String(url);
    if (path.startsWith('/api/v1/user/singleuser')) return okResponse(currentUser);
    if (path.startsWith('/api/v1/wallet/details')) return okResponse(null);
    if (path.startsWith('/api/v1/wallet') && init?.method === 'POST') {
      return jsonResponse(403, {
        success: false,
        message: REFUSED,
        error: { code: 'FORBIDDEN', message: REFUSED, requestId: 'r1' },
      });
    }
    return noRoute(path);
  });
}

describe('wallet screen', () => {
  signedInForEachTest();

  it('says beside the button why the wallet was not opened (an unverified email), and keeps it', async () => {
    vi.stubGlobal('fetch', serve());
    const user = userEvent.setup();
    renderScreen(<WalletScreen />);
    await user.click(await screen.findByRole('button', { name: 'Open wallet' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The wallet could not be opened');
    expect(alert).toHaveTextContent(REFUSED);
    // Not a toast that goes away: still there, and the button stays to try again after verifying.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Open wallet' })).toBeEnabled());
    expect(screen.getByRole('alert')).toHaveTextContent(REFUSED);
  });
});
