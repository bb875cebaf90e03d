import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, saveSession, type Session } from '../../../lib/session';
import { jsonResponse, renderScreen } from '../../../test/render';
import WalletScreen from './wallet-screen';

const REFUSED =
  'Verify your email address to open the wallet: it gives your store a real bank account for payments. Enter the 6-digit code we emailed you (Enter code, at the top of the page), or ask for a new one there.';

const currentUser = {
  user: {
    id: 'u1',
    email: 'ada@example.ng',
    first_name: 'Ada',
    last_name: 'Obi',
    phone_number: '+2348012345678',
    country: 'Nigeria',
    email_verified: false,
  },
  store: null,
  stores: [],
  permissions: ['wallet.view', 'wallet.transfer'],
};

function serve() {
  return vi.fn(async (url: string, init?: RequestInit) => {
    const path = String(url);
    if (path.startsWith('/api/v1/user/singleuser'))
      return jsonResponse(200, { success: true, message: 'OK', data: currentUser });
    if (path.startsWith('/api/v1/wallet/details'))
      return jsonResponse(200, { success: true, message: 'OK', data: null });
    if (path.startsWith('/api/v1/wallet') && init?.method === 'POST') {
      return jsonResponse(403, {
        success: false,
        message: REFUSED,
        error: { code: 'FORBIDDEN', message: REFUSED, requestId: 'r1' },
      });
    }
    return jsonResponse(404, { success: false, message: `No route ${path}` });
  });
}

describe('wallet screen', () => {
  beforeEach(() => {
    saveSession({
      token: 'tok_1234567890abcdefghij',
      user: { id: 'u1', email: 'ada@example.ng', business_name: 'Mama Put' } as Session['user'],
      store: { id: 's1', business_name: 'Mama Put' } as Session['store'],
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

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
