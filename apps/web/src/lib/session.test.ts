import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AUTH_STATE_KEY,
  clearSession,
  EMAIL_KEY,
  OFFLINE_GRANT_KEY,
  readSession,
  saveSession,
  setOfflineGrantHours,
  subscribeSession,
  TOKEN_KEY,
  updateSession,
  type Session,
} from './session';
import { adaAccount } from '../test/session';

const HOUR = 60 * 60_000;

const session = (): Omit<Session, 'isLoggedIn'> => ({
  token: 'tok_abcdefghijklmnopqrstuvwxyz',
  user: {
    ...adaAccount,
    business_name: 'Ada Provisions',
    email_verified: true,
    photo_url: null,
    website: null,
    billing_contact: null,
    created_at: '2026-01-01T00:00:00.000Z',
    store_id: 's1',
    store_name: 'Ada Provisions',
    expires_at: '2026-01-01T06:00:00.000Z',
  },
  store: { id: 's1', business_name: 'Ada Provisions' },
});

const stored = (key: string) => JSON.parse(localStorage.getItem(key) ?? 'null');

describe('session storage', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-01T08:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('keeps the session under authState and mirrors the token and the email, all expiring in 6 hours', () => {
    saveSession(session());
    const expiry = Date.now() + 6 * HOUR;
    expect(stored(AUTH_STATE_KEY)).toEqual({ value: { ...session(), isLoggedIn: true }, expiry });
    expect(stored(TOKEN_KEY)).toEqual({ value: session().token, expiry });
    expect(stored(EMAIL_KEY)).toEqual({ value: 'ada@example.ng', expiry });
    expect(readSession()).toMatchObject({ token: session().token, isLoggedIn: true, store: { id: 's1' } });
  });

  it('reads the session until it expires, then removes it (and its mirrors) when read', () => {
    saveSession(session());
    vi.advanceTimersByTime(6 * HOUR - 1000);
    expect(readSession()).not.toBeNull();
    vi.advanceTimersByTime(1000);
    expect(readSession()).toBeNull();
    expect(localStorage.getItem(AUTH_STATE_KEY)).toBeNull();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(EMAIL_KEY)).toBeNull();
  });

  it('tells subscribers when a read finds the session expired', async () => {
    saveSession(session());
    const listener = vi.fn();
    const stop = subscribeSession(listener);
    vi.advanceTimersByTime(6 * HOUR - 1);
    expect(readSession()).not.toBeNull();
    await Promise.resolve();
    expect(listener).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(readSession()).toBeNull();
    // Not while the reader may still be rendering: after this turn, once.
    expect(listener).not.toHaveBeenCalled();
    await Promise.resolve();
    expect(listener).toHaveBeenCalledTimes(1);
    // The session is gone now: reading it again tells nobody again.
    expect(readSession()).toBeNull();
    await Promise.resolve();
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
  });

  it('changes the session without extending its lifetime', () => {
    saveSession(session());
    const { expiry } = stored(AUTH_STATE_KEY);
    vi.advanceTimersByTime(2 * HOUR);
    updateSession((s) => ({ ...s, store: { id: 's2', business_name: 'Branch' } }));
    expect(stored(AUTH_STATE_KEY)).toMatchObject({ expiry, value: { store: { id: 's2' } } });
    vi.advanceTimersByTime(4 * HOUR);
    expect(readSession()).toBeNull();
  });

  it('removes an unreadable entry instead of failing', () => {
    localStorage.setItem(AUTH_STATE_KEY, '{not json');
    expect(readSession()).toBeNull();
    expect(localStorage.getItem(AUTH_STATE_KEY)).toBeNull();
  });

  it('sign-out clears the session and its mirrors', () => {
    saveSession(session());
    clearSession();
    expect([AUTH_STATE_KEY, TOKEN_KEY, EMAIL_KEY].map((k) => localStorage.getItem(k))).toEqual([
      null,
      null,
      null,
    ]);
    expect(readSession()).toBeNull();
  });
});

describe('the offline grant (decision 0036): a till whose session expires offline keeps selling', () => {
  let online = true;
  let serverAsked = vi.fn();
  beforeEach(() => {
    localStorage.clear();
    online = true;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    serverAsked = vi.fn().mockResolvedValue(new Response('{"status":"ok"}'));
    vi.stubGlobal('fetch', serverAsked);
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-01T08:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('sign-in leaves a grant for 24 hours (the offline cache limit), without the token', () => {
    saveSession(session());
    const grant = stored(OFFLINE_GRANT_KEY);
    expect(grant.expiry).toBe(Date.now() + 24 * HOUR);
    expect(JSON.stringify(grant)).not.toContain(session().token);
    expect(grant.value.session.user.id).toBe('u1');
  });

  it('offline after the 6 hours: the stored session is removed, the grant carries the till on with no token', () => {
    const signedIn = Date.now();
    saveSession(session());
    online = false;
    vi.setSystemTime(signedIn + 6 * HOUR + 1);
    const carried = readSession();
    expect(stored(AUTH_STATE_KEY)).toBeNull();
    expect(stored(TOKEN_KEY)).toBeNull();
    expect(carried).toMatchObject({ token: '', offlineUntil: signedIn + 24 * HOUR, store: { id: 's1' } });
    // The same object while nothing changes (React's external store needs it).
    expect(readSession()).toBe(carried);
    vi.setSystemTime(signedIn + 24 * HOUR + 1);
    expect(readSession()).toBeNull();
  });

  it('back online (the server answers), the carried session ends: sign-in is needed', async () => {
    const signedIn = Date.now();
    saveSession(session());
    const stop = subscribeSession(() => {});
    online = false;
    vi.setSystemTime(signedIn + 7 * HOUR);
    expect(readSession()?.offlineUntil).toBe(signedIn + 24 * HOUR);
    online = true;
    window.dispatchEvent(new Event('online'));
    expect(readSession()).toBeNull();
    await vi.waitFor(() => expect(stored(OFFLINE_GRANT_KEY)).toBeNull());
    expect(serverAsked).toHaveBeenCalledWith('/health', { cache: 'no-store' });
    // Offline again later: the grant is gone for good.
    online = false;
    expect(readSession()).toBeNull();
    stop();
  });

  it('an "online" the server does not confirm (Wi-Fi with no internet) keeps the grant', async () => {
    const signedIn = Date.now();
    saveSession(session());
    const stop = subscribeSession(() => {});
    online = false;
    vi.setSystemTime(signedIn + 7 * HOUR);
    serverAsked.mockRejectedValue(new TypeError('Failed to fetch'));
    online = true;
    window.dispatchEvent(new Event('online'));
    expect(readSession()).toBeNull();
    await vi.waitFor(() => expect(serverAsked).toHaveBeenCalled());
    await Promise.resolve();
    online = false;
    expect(readSession()?.offlineUntil).toBe(signedIn + 24 * HOUR);
    stop();
  });

  it('one read of "online" as a page opens asks for sign-in but keeps the grant', () => {
    const signedIn = Date.now();
    saveSession(session());
    vi.setSystemTime(signedIn + 7 * HOUR);
    // A reload offline: the browser may say "online" before it knows better.
    online = true;
    expect(readSession()).toBeNull();
    expect(stored(OFFLINE_GRANT_KEY)).not.toBeNull();
    online = false;
    expect(readSession()?.offlineUntil).toBe(signedIn + 24 * HOUR);
  });

  it('the network seen coming back after the session expired online ends the grant', async () => {
    const signedIn = Date.now();
    saveSession(session());
    const stop = subscribeSession(() => {});
    vi.setSystemTime(signedIn + 6 * HOUR + 1);
    expect(readSession()).toBeNull();
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(stored(OFFLINE_GRANT_KEY)).toBeNull());
    online = false;
    expect(readSession()).toBeNull();
    stop();
  });

  it('the network coming back while signed in keeps the grant of that session', () => {
    saveSession(session());
    const stop = subscribeSession(() => {});
    window.dispatchEvent(new Event('online'));
    expect(serverAsked).not.toHaveBeenCalled();
    expect(stored(OFFLINE_GRANT_KEY)).not.toBeNull();
    stop();
  });

  it("follows the store's offline hours, never ending before the session", () => {
    const signedIn = Date.now();
    saveSession(session());
    setOfflineGrantHours(8);
    expect(stored(OFFLINE_GRANT_KEY).expiry).toBe(signedIn + 8 * HOUR);
    setOfflineGrantHours(2);
    expect(stored(OFFLINE_GRANT_KEY).expiry).toBe(signedIn + 6 * HOUR);
    setOfflineGrantHours(72);
    expect(stored(OFFLINE_GRANT_KEY).expiry).toBe(signedIn + 72 * HOUR);
  });

  it('sign-out and a refused session end the grant', () => {
    saveSession(session());
    clearSession();
    expect(stored(OFFLINE_GRANT_KEY)).toBeNull();
    online = false;
    expect(readSession()).toBeNull();
  });

  it('tells subscribers when the network comes back', async () => {
    saveSession(session());
    online = false;
    vi.setSystemTime(Date.now() + 7 * HOUR);
    const listener = vi.fn();
    const stop = subscribeSession(listener);
    expect(readSession()?.offlineUntil).toBeDefined();
    online = true;
    window.dispatchEvent(new Event('online'));
    expect(listener).toHaveBeenCalled();
    expect(readSession()).toBeNull();
    stop();
  });
});
