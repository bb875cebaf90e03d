import { useSyncExternalStore } from 'react';
import { ApiError } from '../../../lib/api-client';

/** Until when the till looks things up on the device first: the server could not be reached. */
let unreachableUntil = 0;
const UNREACHABLE_MS = 30_000;
if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    unreachableUntil = 0;
  });
}

/**
 * No network: the browser says so, or the call could not reach the server (`error`). After a
 * call could not, the till looks things up on the device first for 30 s (or until the browser
 * reports the network back), so scans do not each wait for a failing call, up to the 20 s
 * timeout on a dead connection (decision 0036).
 */
export const isOffline = (error?: unknown) => {
  if (error instanceof ApiError && error.status === 0) {
    unreachableUntil = Date.now() + UNREACHABLE_MS;
    return true;
  }
  if (typeof navigator !== 'undefined' && !navigator.onLine) return true;
  return error === undefined && Date.now() < unreachableUntil;
};

function subscribeOnline(changed: () => void) {
  window.addEventListener('online', changed);
  window.addEventListener('offline', changed);
  return () => {
    window.removeEventListener('online', changed);
    window.removeEventListener('offline', changed);
  };
}

/** Whether the browser says it is online, redrawn when that changes. */
export const useOnline = () =>
  useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
