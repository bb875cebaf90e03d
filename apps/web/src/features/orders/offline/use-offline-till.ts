import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { queryKeys } from '../../../lib/query-keys';
import {
  catalogueMeta,
  customersQueuedOf,
  onQueueChanged,
  salesOf,
  type QueuedCustomer,
  type QueuedSale,
} from '../../../lib/till-store';
import { sendQueuedSales, syncCatalogue } from './sale-queue';

/** How often an open till sends what waits and brings its copy of the catalogue up to date. */
const ROUND_MS = 30_000;

function subscribeOnline(changed: () => void) {
  window.addEventListener('online', changed);
  window.addEventListener('offline', changed);
  return () => {
    window.removeEventListener('online', changed);
    window.removeEventListener('offline', changed);
  };
}

export const useOnline = () =>
  useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );

/**
 * The till's offline side (decision 0036): whether the network is there, the sales waiting on
 * this device and their state, and a round (send the queue, then refresh the catalogue) run on
 * opening, on coming back online, every 30 s, and on "Retry now".
 */
export function useOfflineTill(storeId: string) {
  const online = useOnline();
  const client = useQueryClient();
  const [sales, setSales] = useState<QueuedSale[]>([]);
  const [customers, setCustomers] = useState<QueuedCustomer[]>([]);
  const [syncedAt, setSyncedAt] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const running = useRef(false);

  const refresh = useCallback(async () => {
    try {
      setSales(await salesOf(storeId));
      setCustomers(await customersQueuedOf(storeId));
      setSyncedAt((await catalogueMeta(storeId))?.syncedAt ?? null);
    } catch {
      // No IndexedDB (a private window in some browsers): the till works online only.
    }
  }, [storeId]);

  const round = useCallback(async () => {
    if (running.current || !navigator.onLine) return;
    running.current = true;
    setBusy(true);
    try {
      const sent = async () =>
        [...(await salesOf(storeId)), ...(await customersQueuedOf(storeId))].filter((s) => s.state === 'sent')
          .length;
      const before = await sent();
      await sendQueuedSales(storeId).catch(() => undefined);
      // Orders, stock, payments and customers changed with what was just sent.
      if ((await sent()) !== before) {
        void client.invalidateQueries({ queryKey: queryKeys.orders.all(storeId) });
        void client.invalidateQueries({ queryKey: queryKeys.products.all(storeId) });
        void client.invalidateQueries({ queryKey: queryKeys.customers.all(storeId) });
      }
      await syncCatalogue(storeId).catch(() => undefined);
    } finally {
      running.current = false;
      setBusy(false);
      void refresh();
    }
  }, [storeId, client, refresh]);

  useEffect(() => {
    // Read after this render (the queue is in IndexedDB), then whenever any tab changes it.
    const first = setTimeout(() => void refresh(), 0);
    const stop = onQueueChanged(() => void refresh());
    return () => {
      clearTimeout(first);
      stop();
    };
  }, [refresh]);

  useEffect(() => {
    void round();
    const again = () => void round();
    window.addEventListener('online', again);
    const timer = setInterval(again, ROUND_MS);
    return () => {
      window.removeEventListener('online', again);
      clearInterval(timer);
    };
  }, [round]);

  const unsent = sales.filter((s) => s.state !== 'sent');
  const customersWaiting = customers.filter((c) => c.state === 'queued');
  const customersRefused = customers.filter((c) => c.state === 'needs_decision');
  return { online, sales, unsent, customersWaiting, customersRefused, syncedAt, busy, retry: round };
}

export type OfflineTill = ReturnType<typeof useOfflineTill>;
