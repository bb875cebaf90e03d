import { useSyncExternalStore } from 'react';
import type { SignInData } from '@tillbook/contract/auth';
import { DEFAULT_TTL_MS, getExpiringItem, rawItem, removeItem, setItemUntil } from './storage';

/** Keys of the spec (section 3): the session, and its token and email mirrors. */
export const AUTH_STATE_KEY = 'authState';
export const TOKEN_KEY = 'loginToken';
export const EMAIL_KEY = 'userEmail';

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
}

type Listener = () => void;
const listeners = new Set<Listener>();
let cachedRaw: string | null | undefined;
let cached: Session | null = null;

function notify(): void {
  for (const listener of listeners) listener();
}

/** The stored session, or null when there is none or it has expired (an expired one is removed). */
export function readSession(now = Date.now()): Session | null {
  const raw = rawItem(AUTH_STATE_KEY);
  const entry = getExpiringItem<Session>(AUTH_STATE_KEY, now);
  if (!entry) {
    if (raw !== null) {
      // It was there and has just expired: drop the mirrors too and tell the app.
      removeItem(TOKEN_KEY);
      removeItem(EMAIL_KEY);
      cachedRaw = null;
      cached = null;
      // Readers may be rendering: tell the others after this turn.
      queueMicrotask(notify);
    }
    return null;
  }
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cached = entry.value.token ? entry.value : null;
  }
  return cached;
}

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
  notify();
}

/** Changes the stored session without extending its lifetime (the server's session is fixed-term). */
export function updateSession(change: (current: Session) => Session): void {
  const entry = getExpiringItem<Session>(AUTH_STATE_KEY);
  if (!entry) return;
  const next = change(entry.value);
  setItemUntil(AUTH_STATE_KEY, next, entry.expiry);
  setItemUntil(EMAIL_KEY, next.user.email, entry.expiry);
  notify();
}

export function clearSession(): void {
  const had = rawItem(AUTH_STATE_KEY) !== null;
  removeItem(AUTH_STATE_KEY);
  removeItem(TOKEN_KEY);
  removeItem(EMAIL_KEY);
  cachedRaw = null;
  cached = null;
  if (had) notify();
}

export function sessionToken(): string | null {
  return readSession()?.token ?? null;
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    // Another tab signed in or out.
    if (event.key === null || event.key === AUTH_STATE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

const snapshot = () => readSession();

export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, snapshot, () => null);
}
