import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { queryKeys } from '../../../lib/query-keys';
import { sessionToken, setOfflineGrantHours, useSession } from '../../../lib/session';
import {
  catalogueMeta,
  loadProductIndex,
  onQueueChanged,
  salesOf,
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
  const [syncedAt, setSyncedAt] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const running = useRef(false);

  const refresh = useCallback(async () => {
    try {
      setSales(await salesOf(storeId));
      const meta = await catalogueMeta(storeId);
      setSyncedAt(meta?.syncedAt ?? null);
      // The offline grant lasts as long as the store lets a till sell offline.
      if (meta) setOfflineGrantHours(meta.settings.offline_max_hours);
    } catch {
      // No IndexedDB (a private window in some browsers): the till works online only.
    }
  }, [storeId]);

  const round = useCallback(async () => {
    // A session carried on by the offline grant has no token: sales wait for a sign-in.
    if (running.current || !navigator.onLine || !sessionToken()) return;
    running.current = true;
    setBusy(true);
    try {
      const before = (await salesOf(storeId)).filter((s) => s.state === 'sent').length;
      await sendQueuedSales(storeId).catch(() => undefined);
      const after = (await salesOf(storeId)).filter((s) => s.state === 'sent').length;
      // Orders, stock and payments changed with the sales just sent.
      if (after !== before) {
        void client.invalidateQueries({ queryKey: queryKeys.orders.all(storeId) });
        void client.invalidateQueries({ queryKey: queryKeys.products.all(storeId) });
      }
      await syncCatalogue(storeId).catch(() => undefined);
    } finally {
      running.current = false;
      setBusy(false);
      void refresh();
    }
  }, [storeId, client, refresh]);

  useEffect(() => {
    // The copy's products into memory now, so a scan offline is a Map look-up (decision 0036).
    loadProductIndex(storeId);
  }, [storeId]);

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
  const offlineUntil = useSession()?.offlineUntil ?? null;
  return { online, sales, unsent, syncedAt, busy, retry: round, offlineUntil };
}

export type OfflineTill = ReturnType<typeof useOfflineTill>;
