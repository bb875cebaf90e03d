import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient, QUERY_CACHE_KEY } from './query-client';
import { readSession, saveSession } from './session';
import { verifySession } from './session-check';
import { fetchSingleUser } from './single-user';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A signed-in user with an answer in the data cache and its copy in localStorage. */
function signedInWithCache() {
  saveSession({
    token: 'tok_abcdefghijklmnopqrstuvwxyz',
    user: { id: 'u1', email: 'ada@example.ng', business_name: 'Ada Provisions' } as never,
    store: { id: 's1', business_name: 'Ada Provisions' },
  });
  queryClient.setQueryData(['store', 's1', 'customers'], [{ full_name: 'Zainab Okonkwo' }]);
  window.localStorage.setItem(
    QUERY_CACHE_KEY,
    JSON.stringify({ clientState: { queries: ['Zainab Okonkwo'] } }),
  );
}

// Issue 15, finding 8: a session the server ended kept showing the data cached for it.
describe('verifySession', () => {
  beforeEach(signedInWithCache);
  afterEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
    window.localStorage.clear();
  });

  it('ends the session and forgets the cached data, in memory and in storage, when the server refuses it', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValue(
          json(401, { success: false, error: { code: 'UNAUTHENTICATED', message: 'Sign in' } }),
        ),
    );
    expect(await verifySession()).toBe('ended');
    expect(readSession()).toBeNull();
    expect(queryClient.getQueryData(['store', 's1', 'customers'])).toBeUndefined();
    expect(window.localStorage.getItem(QUERY_CACHE_KEY)).toBeNull();
  });

  it('keeps the session and its cache offline, on a server error, and when the session holds', async () => {
    for (const answer of [
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => Promise.resolve(json(503, { success: false, message: 'Down' })),
      () =>
        Promise.resolve(
          json(200, {
            success: true,
            message: 'OK',
            data: { user: {}, store: null, stores: [], permissions: [] },
          }),
        ),
    ]) {
      vi.stubGlobal('fetch', vi.fn(answer));
      expect(['unknown', 'valid']).toContain(await verifySession());
      expect(readSession()?.token).toBe('tok_abcdefghijklmnopqrstuvwxyz');
      expect(queryClient.getQueryData(['store', 's1', 'customers'])).toEqual([
        { full_name: 'Zainab Okonkwo' },
      ]);
      expect(window.localStorage.getItem(QUERY_CACHE_KEY)).toContain('Zainab Okonkwo');
    }
  });

  it('asks once when the tab fires focus and visibilitychange together', async () => {
    const fetch = vi.fn().mockResolvedValue(json(200, { success: true, message: 'OK', data: {} }));
    vi.stubGlobal('fetch', fetch);
    await Promise.all([verifySession(), verifySession()]);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('answers the current user query and the session check made together with one request', async () => {
    const user = { user: { id: 'u1' }, store: null, stores: [], permissions: [] };
    const fetch = vi.fn().mockResolvedValue(json(200, { success: true, message: 'OK', data: user }));
    vi.stubGlobal('fetch', fetch);
    const [check, answer] = await Promise.all([verifySession(), fetchSingleUser()]);
    expect(check).toBe('valid');
    expect(answer).toEqual(user);
    expect(fetch).toHaveBeenCalledTimes(1);
    // Later calls ask again.
    await fetchSingleUser();
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
