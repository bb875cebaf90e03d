import { afterEach, beforeEach, vi } from 'vitest';
import { clearSession, saveSession, type Session } from '../lib/session';

/** Ada, signed in to her store (or to none, `null`), as the screens read her from the session. */
export function signIn(store: Session['store'] = { id: 's1', business_name: 'Mama Put' }) {
  saveSession({
    token: 'tok_1234567890abcdefghij',
    user: {
      id: 'u1',
      email: 'ada@example.ng',
      business_name: store?.business_name ?? null,
    } as Session['user'],
    store,
  });
}

/** Every test of the file starts signed in and ends signed out, with its stubbed `fetch` gone. */
export function signedInForEachTest() {
  beforeEach(() => signIn());
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });
}

/** Ada as the server describes her account (`/user/singleuser`'s user and the session's). */
export const adaAccount = {
  id: 'u1',
  email: 'ada@example.ng',
  first_name: 'Ada',
  last_name: 'Obi',
  phone_number: '+2348012345678',
  country: 'Nigeria',
};
