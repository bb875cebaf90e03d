import { SESSION_TTL_HOURS } from '@tillbook/contract/constants';

/** An entry written with an expiry: `{ value, expiry }` (expiry in epoch milliseconds). */
interface Expiring<T> {
  value: T;
  expiry: number;
}

export const DEFAULT_TTL_MS = SESSION_TTL_HOURS * 60 * 60_000;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be blocked (private mode, disabled cookies): the app then works without persistence.
    return null;
  }
}

/** Writes `value` under `key`, to expire `ttlMs` from `now`. */
export function setExpiringItem<T>(key: string, value: T, ttlMs = DEFAULT_TTL_MS, now = Date.now()): void {
  storage()?.setItem(key, JSON.stringify({ value, expiry: now + ttlMs } satisfies Expiring<T>));
}

/** Writes `value` under `key` keeping an absolute expiry time. */
export function setItemUntil<T>(key: string, value: T, expiry: number): void {
  storage()?.setItem(key, JSON.stringify({ value, expiry } satisfies Expiring<T>));
}

/** Reads an entry; an expired or unreadable one is removed and reads as null. */
export function getExpiringItem<T>(key: string, now = Date.now()): { value: T; expiry: number } | null {
  const store = storage();
  const raw = store?.getItem(key);
  if (!store || raw == null) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<Expiring<T>>;
    if (typeof parsed.expiry !== 'number' || !('value' in parsed)) throw new Error('malformed');
    if (parsed.expiry <= now) {
      store.removeItem(key);
      return null;
    }
    return { value: parsed.value as T, expiry: parsed.expiry };
  } catch {
    store.removeItem(key);
    return null;
  }
}

export function removeItem(key: string): void {
  storage()?.removeItem(key);
}

export function rawItem(key: string): string | null {
  return storage()?.getItem(key) ?? null;
}
