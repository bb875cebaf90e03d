import { useSyncExternalStore } from 'react';

/**
 * Whether the till holds a sale the cashier is ringing up or a queued sale being sent. The
 * "update ready" prompt waits while it is true: a new version of the app loads with a reload,
 * and a reload must never land in the middle of a sale.
 */
let busy = false;
const listeners = new Set<() => void>();

export function setSaleInProgress(value: boolean): void {
  if (busy === value) return;
  busy = value;
  listeners.forEach((l) => l());
}

export function useSaleInProgress(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => busy,
    () => false,
  );
}
