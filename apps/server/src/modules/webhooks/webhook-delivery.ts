import {
  WEBHOOK_DELIVERY_HEADER,
  WEBHOOK_EVENT_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
} from '@tillbook/contract/webhooks';
import type { Kysely } from 'kysely';
import { Agent, fetch } from 'undici';
import type { Database } from '../../db/schema.js';
import type { Deps } from '../../lib/context.js';
import { hmac } from '../../lib/crypto.js';
import { newId } from '../../lib/ids.js';
import { PrivateAddressError, publicOnlyLookup, refusedUrl } from './webhook-addresses.js';
import { dueDeliveries, webhooksRepository } from './webhooks.repository.js';
import type { WebhookDeliveriesTable } from './webhooks.tables.js';

/** Deliveries one round takes at most; they are sent side by side. */
const ROUND_SIZE = 25;
/** The first wait after a failed attempt; each further failure doubles it, up to `MAX_WAIT_MS`. */
const FIRST_WAIT_MS = 30_000;
const MAX_WAIT_MS = 4 * 3_600_000;
/** An error or a receiver's answer kept in the attempt log is cut to this length. */
const MAX_ERROR = 300;

/** The wait before the next attempt after `attempts` failed ones: 30 s, 1 min, 2 min … 4 h. */
export const retryWaitMs = (attempts: number) =>
  Math.min(FIRST_WAIT_MS * 2 ** Math.max(0, attempts - 1), MAX_WAIT_MS);

/** The signature header's value: HMAC-SHA256 with the endpoint's secret over `timestamp.body`. */
export const signatureOf = (secret: string, timestamp: number, body: string) =>
  `t=${timestamp},v1=${hmac(secret, `${timestamp}.${body}`)}`;

/**
 * Connections for deliveries: their name lookups refuse private addresses (`publicOnlyLookup`),
 * so the address checked is the address connected to. Made on the first delivery; with
 * `WEBHOOK_ALLOW_PRIVATE_URLS` on (tests, a local receiver), fetch's own connections are used.
 */
let publicOnly: Agent | null = null;
const dispatcherFor = (allowPrivate: boolean) =>
  allowPrivate ? undefined : (publicOnly ??= new Agent({ connect: { lookup: publicOnlyLookup() } }));

interface Outcome {
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

async function post(
  deps: Deps,
  delivery: WebhookDeliveriesTable,
  url: string,
  secret: string,
  now: Date,
): Promise<Outcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const allowPrivate = deps.config.WEBHOOK_ALLOW_PRIVATE_URLS;
    const refused = refusedUrl(url, allowPrivate);
    if (refused) return { statusCode: null, error: refused, durationMs: elapsed() };
    const timestamp = Math.floor(now.getTime() / 1000);
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Tillbook-Webhooks/1',
        [WEBHOOK_SIGNATURE_HEADER]: signatureOf(secret, timestamp, delivery.payload),
        [WEBHOOK_TIMESTAMP_HEADER]: String(timestamp),
        [WEBHOOK_EVENT_HEADER]: delivery.event,
        [WEBHOOK_DELIVERY_HEADER]: delivery.id,
      },
      body: delivery.payload,
      // A redirect is an answer, not an instruction: following it could lead into the network.
      redirect: 'manual',
      signal: AbortSignal.timeout(deps.config.WEBHOOK_TIMEOUT_MS),
      dispatcher: dispatcherFor(allowPrivate),
    });
    const text = await response.text().catch(() => '');
    const ok = response.status >= 200 && response.status < 300;
    return {
      statusCode: response.status,
      error: ok ? null : `HTTP ${response.status}${text ? `: ${text.slice(0, MAX_ERROR)}` : ''}`,
      durationMs: elapsed(),
    };
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : null;
    const message =
      name === 'TimeoutError'
        ? `No answer within ${deps.config.WEBHOOK_TIMEOUT_MS} ms`
        : cause instanceof PrivateAddressError
          ? cause.message
          : `${error instanceof Error ? error.message : String(error)}${cause ? ` (${cause.message})` : ''}`;
    return { statusCode: null, error: message.slice(0, MAX_ERROR), durationMs: elapsed() };
  }
}

/** Sends one claimed delivery and records the attempt and what follows (done, retry, give up). */
async function deliver(db: Kysely<Database>, deps: Deps, delivery: WebhookDeliveriesTable): Promise<void> {
  const endpoint = await webhooksRepository(db, delivery.store_id).endpointForSending(delivery.endpoint_id);
  const now = deps.clock.now();
  const outcome: Outcome = !endpoint
    ? { statusCode: null, error: 'The endpoint was deleted', durationMs: 0 }
    : endpoint.enabled !== 1
      ? { statusCode: null, error: 'The endpoint is disabled', durationMs: 0 }
      : await post(deps, delivery, endpoint.url, deps.secrets.open(endpoint.secret_sealed), now);
  const at = deps.clock.now();
  const attempts = delivery.attempts + 1;
  const delivered = outcome.error === null;
  const retryAt = new Date(at.getTime() + retryWaitMs(attempts));
  const giveUp = new Date(delivery.give_up_at);
  // The last try is at the give-up time itself; after a failure there, the delivery has failed.
  const next = delivered || !endpoint || at >= giveUp ? null : retryAt > giveUp ? giveUp : retryAt;
  await db.transaction().execute(async (trx) => {
    const repo = webhooksRepository(trx, delivery.store_id);
    await repo.addAttempt({
      id: newId(),
      delivery_id: delivery.id,
      attempted_at: now.toISOString(),
      status_code: outcome.statusCode,
      error: outcome.error,
      duration_ms: outcome.durationMs,
    });
    // Only while this worker's claim holds: "send again" meanwhile made it due anew.
    await repo.finishDelivery(delivery, {
      status: delivered ? 'delivered' : next ? 'pending' : 'failed',
      attempts,
      next_attempt_at: next?.toISOString() ?? null,
      claimed_until: null,
      delivered_at: delivered ? at.toISOString() : null,
      updated_at: at.toISOString(),
    });
  });
}

/**
 * One round of the worker: takes the due deliveries (at most `ROUND_SIZE`), each claimed by a
 * conditional update so two processes never send the same one at once, and sends them side by
 * side. A claim lasts past the send's timeout; a worker that died mid-send leaves the delivery to
 * be taken again when it runs out. Answers how many it sent.
 */
export async function deliverDueWebhooks(db: Kysely<Database>, deps: Deps): Promise<number> {
  const now = deps.clock.now().toISOString();
  // The worker's round is over every store's due deliveries (decision 0049); each is then
  // claimed and sent in its own store.
  const due = await dueDeliveries(db, now, ROUND_SIZE);
  const claimedUntil = new Date(
    deps.clock.now().getTime() + deps.config.WEBHOOK_TIMEOUT_MS + 30_000,
  ).toISOString();
  const claimed: WebhookDeliveriesTable[] = [];
  for (const { store_id, id } of due) {
    const row = await webhooksRepository(db, store_id).claimDueDelivery(id, now, claimedUntil);
    if (row) claimed.push(row);
  }
  await Promise.all(
    claimed.map((d) =>
      deliver(db, deps, d).catch((error: unknown) =>
        deps.log.error({ err: error, delivery: d.id }, 'webhook delivery failed to record'),
      ),
    ),
  );
  return claimed.length;
}
