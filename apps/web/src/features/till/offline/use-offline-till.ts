import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { queryKeys } from '../../../lib/query-keys';
import { sessionToken, setOfflineGrantHours, useSession } from '../../../lib/session';
import type { OutboxSale, QueuedCustomer } from '../../../lib/till-db';
import { syncCatalogue } from '../api/till-changes';
import { catalogueMeta } from '../catalogue/catalogue-cache';
import { loadProductIndex } from '../catalogue/product-index';
import { customersQueuedOf, onOutboxChanged, salesOf } from '../outbox/outbox-store';
import { prepareShares } from '../outbox/queued-shares';
import { beingSentOnline, sendOutbox } from '../outbox/send-outbox';
import { useOnline } from './network';

/** How often an open till sends what waits and brings its copy of the catalogue up to date. */
const ROUND_MS = 30_000;

/** Runs `work` when the browser is idle (at most 2 s later); returns a cancel. */
function afterFirstPaint(work: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(work, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const timer = setTimeout(work, 0);
  return () => clearTimeout(timer);
}

const same = <T>(a: T[], b: T[]) => a.length === b.length && JSON.stringify(a) === JSON.stringify(b);

/**
 * The till's offline side (decision 0036): whether the network is there, the sales waiting on
 * this device and their state, and a round (send the queue, then refresh the catalogue) run on
 * opening, on coming back online, every 30 s, and on "Retry now".
 */
export function useOfflineTill(storeId: string) {
  const online = useOnline();
  const client = useQueryClient();
  const [sales, setSales] = useState<OutboxSale[]>([]);
  const [customers, setCustomers] = useState<QueuedCustomer[]>([]);
  const [syncedAt, setSyncedAt] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const running = useRef(false);

  const refresh = useCallback(async () => {
    try {
      // A sale being sent online right now is the cashier's, not the bar's: it is not waiting.
      const next = (await salesOf(storeId)).filter((s) => !beingSentOnline(s));
      // The same queue read again (every round) draws nothing: on a phone each drawing of the
      // till is a long task (decision 0023 addendum).
      setSales((shown) => (same(shown, next) ? shown : next));
      const waiting = await customersQueuedOf(storeId);
      setCustomers((shown) => (same(shown, waiting) ? shown : waiting));
      const meta = await catalogueMeta(storeId);
      // The offline grant lasts as long as the store lets a till sell offline.
      if (meta) setOfflineGrantHours(meta.settings.offline_max_hours);
      // Shown only while offline ("selling from the copy updated at …"): set then, so the
      // catalogue refreshed by an online round does not draw the whole till again.
      if (!navigator.onLine) setSyncedAt(meta?.syncedAt ?? null);
    } catch {
      // No IndexedDB (a private window in some browsers): the till works online only.
    }
  }, [storeId]);

  const round = useCallback(async () => {
    // A session carried on by the offline grant has no token: sales wait for a sign-in.
    if (running.current || !navigator.onLine || !sessionToken()) return;
    running.current = true;
    let sending = false;
    try {
      const queued = [...(await salesOf(storeId)), ...(await customersQueuedOf(storeId))];
      const sent = async () =>
        [...(await salesOf(storeId)), ...(await customersQueuedOf(storeId))].filter((s) => s.state === 'sent')
          .length;
      const before = queued.filter((s) => s.state === 'sent').length;
      // Only a round with sales or customers to send is busy ("Retry now" and the update prompt
      // wait for it): a catalogue refresh alone draws nothing on the till (decision 0023, addendum).
      sending = queued.some((s) => s.state === 'queued' || s.state === 'sending');
      if (sending) setBusy(true);
      await sendOutbox(storeId).catch(() => undefined);
      // Receipts asked for while their sales waited get their links now the store has them.
      await prepareShares(storeId).catch(() => undefined);
      // Orders, stock, payments and customers changed with what was just sent.
      if ((await sent()) !== before) {
        void client.invalidateQueries({ queryKey: queryKeys.orders.all(storeId) });
        void client.invalidateQueries({ queryKey: queryKeys.products.all(storeId) });
        void client.invalidateQueries({ queryKey: queryKeys.customers.all(storeId) });
        // A sale sent now counts in its shift's cash expected.
        void client.invalidateQueries({ queryKey: queryKeys.shifts.all(storeId) });
      }
      await syncCatalogue(storeId).catch(() => undefined);
    } finally {
      running.current = false;
      if (sending) setBusy(false);
      void refresh();
    }
  }, [storeId, client, refresh]);

  useEffect(() => {
    // The copy's products into memory now, so a scan offline is a Map look-up (decision 0036).
    loadProductIndex(storeId);
  }, [storeId]);

  useEffect(() => {
    // Read after the till's first paint (the queue is in IndexedDB), then whenever any tab changes it.
    // Going offline reads it again, for the catalogue's date the offline bar then shows.
    const read = () => void refresh();
    const cancel = afterFirstPaint(read);
    const stop = onOutboxChanged(read);
    window.addEventListener('offline', read);
    return () => {
      cancel();
      stop();
      window.removeEventListener('offline', read);
    };
  }, [refresh]);

  useEffect(() => {
    // The first round (a catalogue download and its IndexedDB writes) waits until the browser
    // is idle after the till is drawn: it is not what the cashier sees first (decision 0023, addendum).
    const cancel = afterFirstPaint(() => void round());
    const again = () => void round();
    window.addEventListener('online', again);
    const timer = setInterval(again, ROUND_MS);
    return () => {
      cancel();
      window.removeEventListener('online', again);
      clearInterval(timer);
    };
  }, [round]);

  const unsent = sales.filter((s) => s.state !== 'sent');
  const offlineUntil = useSession()?.offlineUntil ?? null;
  const customersWaiting = customers.filter((c) => c.state === 'queued');
  const customersRefused = customers.filter((c) => c.state === 'needs_decision');
  return {
    online,
    sales,
    unsent,
    customersWaiting,
    customersRefused,
    syncedAt,
    busy,
    retry: round,
    offlineUntil,
  };
}

export type OfflineTill = ReturnType<typeof useOfflineTill>;
