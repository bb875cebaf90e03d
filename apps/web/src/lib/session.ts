import { useSyncExternalStore } from 'react';
import type { SignInData } from '@tillbook/contract/auth';
import { QUERY_PERSIST_MAX_AGE_MS } from '@tillbook/contract/constants';
import { DEFAULT_TTL_MS, getExpiringItem, rawItem, removeItem, setItemUntil } from './storage';

/** Keys of the spec (section 3): the session, and its token and email mirrors. */
export const AUTH_STATE_KEY = 'authState';
export const TOKEN_KEY = 'loginToken';
export const EMAIL_KEY = 'userEmail';
/** The device's offline grant (decision 0036, "The session of a till that stays offline"). */
export const OFFLINE_GRANT_KEY = 'tillOfflineGrant';

export type SessionUser = Omit<SignInData, 'userToken' | 'userStore'> & { business_name: string | null };

export interface SessionStore {
  id: string;
  business_name: string;
}

export interface Session {
  token: string;
  user: SessionUser;
  isLoggedIn: boolean;
  store: SessionStore | null;
  /**
   * Set only on a session carried on by the offline grant: the stored session expired while
   * the device was offline, and the till sells offline until this time (epoch ms). Its token
   * is empty: the server's session has ended, so nothing is sent until someone signs in.
   */
  offlineUntil?: number;
}

/**
 * What sign-in leaves on the device so that a till whose session expires while it is offline
 * keeps selling (the till only, see the guards): the session's user and store, from when, and
 * the store's limit on offline selling (`offline_max_hours`, 24 by default: the spec's offline
 * cache limit). It ends when the session ends any other way (sign-out, a refused session) and
 * as soon as the stored session has expired with the network there (sign-in is possible).
 */
interface OfflineGrant {
  session: Omit<Session, 'token' | 'offlineUntil'>;
  signedInAt: number;
}

const DEFAULT_GRANT_MS = QUERY_PERSIST_MAX_AGE_MS;

/** The server's health check: any answer from it proves the network is back. */
const HEALTH_PATH = '/health';

const browserOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

type Listener = () => void;
const listeners = new Set<Listener>();
let cachedRaw: string | null | undefined;
let cached: Session | null = null;

function notify(): void {
  for (const listener of listeners) listener();
}

/**
 * The stored session, or null when there is none or it has expired (an expired one is removed).
 * With no network, a session that has expired is carried on by the device's offline grant
 * while that lasts (`offlineUntil` set); back online the grant ends and sign-in is needed.
 */
export function readSession(now = Date.now()): Session | null {
  const raw = rawItem(AUTH_STATE_KEY);
  const entry = getExpiringItem<Session>(AUTH_STATE_KEY, now);
  if (!entry) {
    if (raw !== null) {
      // It was there and has just expired: drop the mirrors too and tell the app.
      removeItem(TOKEN_KEY);
      removeItem(EMAIL_KEY);
      // Readers may be rendering: tell the others after this turn.
      queueMicrotask(notify);
    }
    return offlineGrantSession(now);
  }
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cached = entry.value.token ? entry.value : null;
  }
  return cached;
}

function offlineGrantSession(now: number): Session | null {
  const grant =
    rawItem(OFFLINE_GRANT_KEY) === null ? null : getExpiringItem<OfflineGrant>(OFFLINE_GRANT_KEY, now);
  if (grant && !browserOffline()) {
    // The network is there: whoever holds the till signs in (the grant is for no network only).
    // The grant itself is kept until the network is seen coming back (the `online` event):
    // a page that opens offline may read `navigator.onLine` as true for a moment before the
    // browser knows better, and one such read must not lock the till out of its offline sales.
    if (cached?.offlineUntil) queueMicrotask(notify);
    cachedRaw = null;
    cached = null;
    return null;
  }
  const source = grant ? `grant:${grant.expiry}:${rawItem(OFFLINE_GRANT_KEY)}` : null;
  if (source !== cachedRaw) {
    // The grant has run out (or changed): tell the app, after this turn.
    if (cached?.offlineUntil !== undefined) queueMicrotask(notify);
    cachedRaw = source;
    cached = grant ? { ...grant.value.session, token: '', offlineUntil: grant.expiry } : null;
  }
  return cached;
}

let confirming: Promise<void> | null = null;

/**
 * The browser says the network is back: once the server answers, a session carried on by the
 * grant ends for good, and so does the grant of a session that expired while online (whoever
 * holds the till signs in). The `online` event alone is not proof: a phone joins a Wi-Fi with
 * no internet, and a page being reloaded offline can hear one, and the till must not be locked
 * out of its offline sales by either.
 */
export function confirmNetworkBack(): Promise<void> {
  if (getExpiringItem<Session>(AUTH_STATE_KEY) || rawItem(OFFLINE_GRANT_KEY) === null) {
    return Promise.resolve();
  }
  confirming ??= fetch(HEALTH_PATH, { cache: 'no-store' })
    .then(() => {
      if (getExpiringItem<Session>(AUTH_STATE_KEY) || browserOffline()) return;
      removeItem(OFFLINE_GRANT_KEY);
      notify();
    })
    .catch(() => undefined)
    .finally(() => {
      confirming = null;
    });
  return confirming;
}

/** The offline grant's end (epoch ms): sign-in time plus the store's hours, never before the session's. */
function writeGrant(session: Omit<Session, 'token' | 'offlineUntil'>, signedInAt: number, hoursMs: number) {
  const sessionEnds = getExpiringItem<Session>(AUTH_STATE_KEY)?.expiry ?? signedInAt;
  setItemUntil<OfflineGrant>(
    OFFLINE_GRANT_KEY,
    { session, signedInAt },
    Math.max(signedInAt + hoursMs, sessionEnds),
  );
}

/**
 * The store's limit on offline selling, read by the till from its copy of the settings: the
 * grant ends that many hours after sign-in (a store that allows 8 hours gets 8, not 24).
 */
export function setOfflineGrantHours(hours: number): void {
  const grant = getExpiringItem<OfflineGrant>(OFFLINE_GRANT_KEY);
  if (!grant || !getExpiringItem<Session>(AUTH_STATE_KEY)) return;
  writeGrant(grant.value.session, grant.value.signedInAt, hours * 60 * 60_000);
}

const withoutToken = ({ token: _token, offlineUntil: _until, ...rest }: Session) => rest;

/** When the stored session expires (epoch ms), or null. */
export function sessionExpiry(): number | null {
  return getExpiringItem<Session>(AUTH_STATE_KEY)?.expiry ?? null;
}

/** Saves a new session for `ttlMs` (6 hours by default) and mirrors its token and email. */
export function saveSession(session: Omit<Session, 'isLoggedIn'>, ttlMs = DEFAULT_TTL_MS, now = Date.now()) {
  const expiry = now + ttlMs;
  const value: Session = { ...session, isLoggedIn: true };
  setItemUntil(AUTH_STATE_KEY, value, expiry);
  setItemUntil(TOKEN_KEY, session.token, expiry);
  setItemUntil(EMAIL_KEY, session.user.email, expiry);
  writeGrant(withoutToken(value), now, DEFAULT_GRANT_MS);
  notify();
}

/** Changes the stored session without extending its lifetime (the server's session is fixed-term). */
export function updateSession(change: (current: Session) => Session): void {
  const entry = getExpiringItem<Session>(AUTH_STATE_KEY);
  if (!entry) return;
  const next = change(entry.value);
  setItemUntil(AUTH_STATE_KEY, next, entry.expiry);
  setItemUntil(EMAIL_KEY, next.user.email, entry.expiry);
  const grant = getExpiringItem<OfflineGrant>(OFFLINE_GRANT_KEY);
  if (grant)
    setItemUntil<OfflineGrant>(
      OFFLINE_GRANT_KEY,
      { ...grant.value, session: withoutToken(next) },
      grant.expiry,
    );
  notify();
}

export function clearSession(): void {
  const had = rawItem(AUTH_STATE_KEY) !== null;
  removeItem(AUTH_STATE_KEY);
  removeItem(TOKEN_KEY);
  removeItem(EMAIL_KEY);
  removeItem(OFFLINE_GRANT_KEY);
  const carried = cached?.offlineUntil !== undefined;
  cachedRaw = null;
  cached = null;
  if (had || carried) notify();
}

export function sessionToken(): string | null {
  return readSession()?.token ?? null;
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    // Another tab signed in or out.
    if (event.key === null || event.key === AUTH_STATE_KEY || event.key === OFFLINE_GRANT_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  // The network coming back ends a session carried on by the offline grant; its going away
  // may start one (an expired session found offline).
  const onOnline = () => {
    listener();
    void confirmNetworkBack();
  };
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', listener);
  };
}

const snapshot = () => readSession();

export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, snapshot, () => null);
}
