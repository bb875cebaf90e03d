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
    return { count: row.count, resetInMs: row.window_start + windowMs - now };
  }

  /**
   * Takes `tokens` counts at once in the key's fixed window (one statement for a block of calls,
   * see `LeasedCounter`) and answers the window's count after them and when the window started.
   */
  async take(key: string, windowMs: number, tokens: number): Promise<{ count: number; windowStart: number }> {
    const now = this.clock.now().getTime();
    const expired = now - windowMs;
    const row = await this.db
      .insertInto('rate_limits')
      .values({ key, window_start: now, count: tokens })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          count: sql`case when rate_limits.window_start <= ${expired} then ${tokens} else rate_limits.count + ${tokens} end`,
          window_start: sql`case when rate_limits.window_start <= ${expired} then ${now} else rate_limits.window_start end`,
        }),
      )
      .returning(['count', 'window_start'])
      .executeTakeFirstOrThrow();
    return { count: row.count, windowStart: row.window_start };
  }

  /**
   * Counts one attempt before it is tried, and throws 429 when it is past the limit. Concurrent
   * attempts each take their own place in the window's count, so no more than `limit.max` are
   * ever tried in a window, however many arrive at once (a `check` then `consume` lets every
   * attempt that arrives before the first failure is counted through). Answers `release`, which
   * gives the count back: call it when the attempt succeeded, so only failures use the limit.
   */
  async reserve(key: string, limit: Limit, what = 'attempts'): Promise<() => Promise<void>> {
    const { count, windowStart } = await this.take(key, limit.windowMs, 1);
    if (count > limit.max) {
      throw tooMany(windowStart + limit.windowMs - this.clock.now().getTime(), what);
    }
    return async () => {
      await this.db
        .updateTable('rate_limits')
        .set({ count: sql`count - 1` })
        .where('key', '=', key)
        .where('window_start', '=', windowStart)
        .where('count', '>', 0)
        .execute();
    };
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
    const resetAt = row.window_start + limit.windowMs;
    if (resetAt > now && row.count >= limit.max) throw tooMany(resetAt - now, what);
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

interface Lease {
  windowStart: number;
  /** The next count this process may hand out, and the last of its block. */
  next: number;
  last: number;
}

/**
 * Counts calls against a limit shared by every API process (decision 0033, addendum), without a
 * statement per call: a process takes a block of counts from the window's row at once (a
 * twentieth of the limit, at most 50) and hands them out one call at a time. Each call gets its
 * own place in the window's count, so no more than the limit are ever let through across all
 * processes; counts a process holds unused when its window ends are simply not used (the limit
 * is then stricter by less than a block per process, never looser).
 */
export class LeasedCounter {
  private readonly leases = new Map<string, Lease>();
  private readonly taking = new Map<string, Promise<Lease>>();

  constructor(
    private readonly limiter: RateLimiter,
    private readonly clock: Clock,
  ) {}

  static blockFor(max: number): number {
    return Math.max(1, Math.min(50, Math.floor(max / 20)));
  }

  /** The call's place in its window's count, and the milliseconds until the window ends. */
  async hit(key: string, windowMs: number, max: number): Promise<{ count: number; resetInMs: number }> {
    for (;;) {
      const now = this.clock.now().getTime();
      const lease = this.leases.get(key);
      if (lease && lease.next <= lease.last && lease.windowStart + windowMs > now) {
        const count = lease.next++;
        return { count, resetInMs: lease.windowStart + windowMs - now };
      }
      // One block at a time per key in a process: calls that arrive while it is being taken wait
      // for it instead of each taking their own.
      let taking = this.taking.get(key);
      if (!taking) {
        const block = LeasedCounter.blockFor(max);
        taking = this.limiter.take(key, windowMs, block).then(
          ({ count, windowStart }) => {
            const fresh = { windowStart, next: count - block + 1, last: count };
            this.leases.set(key, fresh);
            this.taking.delete(key);
            return fresh;
          },
          (error: unknown) => {
            this.taking.delete(key);
            throw error;
          },
        );
        this.taking.set(key, taking);
        // Forget leases of quiet keys now and then so the map does not grow without end.
        if (this.leases.size > 10_000) this.sweep(now, windowMs);
      }
      await taking;
    }
  }

  private sweep(now: number, windowMs: number): void {
    for (const [key, lease] of this.leases) if (lease.windowStart + windowMs <= now) this.leases.delete(key);
  }
}
