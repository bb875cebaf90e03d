import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { AppError } from './app-error.js';
import type { StoreContext } from './context.js';
import { sha256 } from './crypto.js';
import type { InsertBatch } from './insert-rows.js';

export interface Outcome<T> {
  status: number;
  body: T;
  /** True when this answer is the stored answer of an earlier request with the same key. */
  replayed: boolean;
}

const MAX_KEY_LENGTH = 200;

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

class KeyTaken extends Error {}

/**
 * How a unit of work may end its transaction. Work that writes its rows through an `InsertBatch`
 * as its last step calls `finishIn` with its answer: the stored answer of the key (if any) joins
 * the batch, and the batch's statement may commit the transaction (decision 0014), so the rows a
 * sale locks (the store's counters) are not held while the answer makes a round trip.
 */
export class TransactionEnd {
  #finished = false;

  constructor(private readonly key: { storeId: string; key: string } | null) {}

  /**
   * Adds the stored answer to `batch` (its number stand-ins are replaced in it too) and answers
   * the options for the batch's flush, which must be the transaction's last statement.
   */
  finishIn(batch: InsertBatch, status: number, body: unknown): { last: true } {
    if (this.key) {
      batch.update(
        'idempotency_keys',
        { status_code: status, response: JSON.stringify(body) },
        { store_id: this.key.storeId, key: this.key.key },
      );
    }
    this.#finished = true;
    return { last: true };
  }

  get finished(): boolean {
    return this.#finished;
  }
}

/**
 * A malformed `Idempotency-Key` (longer than 200 characters, or with spaces, control or non-ASCII
 * characters) is a 400 naming the header. `lib/route.ts` runs this before the handler of every
 * route marked `idempotent`, so nothing (a bank lookup, a password check) is done for a request
 * whose key cannot be kept; `runIdempotent` checks again for callers that are not routes.
 */
export function assertIdempotencyKey(key: string): void {
  if (key.length > MAX_KEY_LENGTH || !/^[\x21-\x7e]+$/.test(key)) {
    throw new AppError('VALIDATION_FAILED', 'Idempotency-Key must be 1 to 200 visible ASCII characters', {
      fields: { 'Idempotency-Key': 'Use 1 to 200 visible ASCII characters, for example a UUID' },
    });
  }
}

/**
 * Runs `work` in one transaction, at most once per `Idempotency-Key` in the store.
 *
 * The key row is inserted first, inside the same transaction as the effect, so a concurrent
 * duplicate waits on the key's unique index (PostgreSQL) or on the write lock (SQLite) and then
 * finds the first request's stored answer. A failed request stores nothing: its rollback
 * removes the key too, so the client may retry it.
 */
export async function runIdempotent<T>(
  ctx: StoreContext,
  key: string | undefined,
  scope: string,
  request: unknown,
  work: (trx: Transaction<Database>, end: TransactionEnd) => Promise<{ status: number; body: T }>,
): Promise<Outcome<T>> {
  if (key === undefined || key === '') {
    const result = await ctx.db.transaction().execute((trx) => work(trx, new TransactionEnd(null)));
    return { ...result, replayed: false };
  }
  assertIdempotencyKey(key);
  const requestHash = sha256(`${scope}\n${stableJson(request)}`);
  try {
    const result = await ctx.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('idempotency_keys')
        .values({
          store_id: ctx.storeId,
          key,
          scope,
          request_hash: requestHash,
          status_code: 0,
          response: '',
          created_at: ctx.now.toISOString(),
        })
        .onConflict((oc) => oc.columns(['store_id', 'key']).doNothing())
        .returning('key')
        .executeTakeFirst();
      if (!inserted) throw new KeyTaken();
      const end = new TransactionEnd({ storeId: ctx.storeId, key });
      const outcome = await work(trx, end);
      if (!end.finished) {
        await trx
          .updateTable('idempotency_keys')
          .set({ status_code: outcome.status, response: JSON.stringify(outcome.body) })
          .where('store_id', '=', ctx.storeId)
          .where('key', '=', key)
          .execute();
      }
      return outcome;
    });
    return { ...result, replayed: false };
  } catch (error) {
    if (!(error instanceof KeyTaken)) throw error;
  }
  const stored = await ctx.db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('store_id', '=', ctx.storeId)
    .where('key', '=', key)
    .executeTakeFirst();
  if (!stored || stored.status_code === 0) {
    throw new AppError(
      'CONFLICT',
      'A request with this Idempotency-Key is still being processed. Try again shortly.',
    );
  }
  if (stored.request_hash !== requestHash) {
    throw new AppError(
      'CONFLICT',
      'This Idempotency-Key was already used for a different request. Use a new key for a new request.',
    );
  }
  return { status: stored.status_code, body: JSON.parse(stored.response) as T, replayed: true };
}
