import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { AppError } from './app-error.js';
import type { Clock } from './clock.js';

export interface Limit {
  /** Attempts allowed in one window. */
  max: number;
  windowMs: number;
}

/**
 * Fixed-window counters kept in the database, so every API process shares them and a lock ends
 * by itself when its window does (never permanent).
 */
export class RateLimiter {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  /** Counts one attempt; throws 429 with Retry-After when the window is already full. */
  async consume(key: string, limit: Limit, what = 'attempts'): Promise<void> {
    const { count, resetInMs } = await this.hit(key, limit.windowMs);
    if (count > limit.max) throw tooMany(resetInMs, what);
  }

  /**
   * Counts one hit in the key's fixed window and answers the count so far and the milliseconds
   * until the window ends (also the store behind @fastify/rate-limit: plugins/api-rate-limit.ts).
   */
  async hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }> {
    const now = this.clock.now().getTime();
    const expired = now - windowMs;
    const row = await this.db
      .insertInto('rate_limits')
      .values({ key, window_start: now, count: 1 })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          count: sql`case when rate_limits.window_start <= ${expired} then 1 else rate_limits.count + 1 end`,
          window_start: sql`case when rate_limits.window_start <= ${expired} then ${now} else rate_limits.window_start end`,
        }),
      )
      .returning(['count', 'window_start'])
      .executeTakeFirstOrThrow();
    return { count: Number(row.count), resetInMs: Number(row.window_start) + windowMs - now };
  }

  /** Throws 429 when the key's window is full, without counting. */
  async check(key: string, limit: Limit, what = 'attempts'): Promise<void> {
    const now = this.clock.now().getTime();
    const row = await this.db
      .selectFrom('rate_limits')
      .select(['count', 'window_start'])
      .where('key', '=', key)
      .executeTakeFirst();
    if (!row) return;
    const resetAt = Number(row.window_start) + limit.windowMs;
    if (resetAt > now && Number(row.count) >= limit.max) throw tooMany(resetAt - now, what);
  }

  async reset(key: string): Promise<void> {
    await this.db.deleteFrom('rate_limits').where('key', '=', key).execute();
  }
}

function tooMany(retryMs: number, what: string): AppError {
  const seconds = Math.max(1, Math.ceil(retryMs / 1000));
  const minutes = Math.ceil(seconds / 60);
  const hours = Math.ceil(minutes / 60);
  const when = seconds < 90 ? `${seconds} seconds` : minutes < 120 ? `${minutes} minutes` : `${hours} hours`;
  return new AppError('RATE_LIMITED', `Too many ${what}. Try again in ${when}.`, {
    headers: { 'retry-after': String(seconds) },
  });
}
