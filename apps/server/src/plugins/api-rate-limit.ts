import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config.js';
import { AppError } from '../lib/app-error.js';
import type { Clock } from '../lib/clock.js';
import { LeasedCounter, type RateLimiter } from '../lib/rate-limiter.js';

const WINDOW_MS = 60_000;

/**
 * @fastify/rate-limit's store, backed by the `rate_limits` table through a `LeasedCounter`: each
 * process takes counts from the window's row in blocks, so every API process counts in the same
 * fixed window while a call costs a statement only once a block (decision 0033). The plugin's own
 * stores keep counts in one process (or need Redis).
 */
function databaseStore(counter: LeasedCounter) {
  return class DatabaseStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow?: number,
      max?: number,
    ): void {
      counter.hit(key, timeWindow ?? WINDOW_MS, max ?? 1).then(
        ({ count, resetInMs }) => callback(null, { current: count, ttl: Math.max(0, resetInMs) }),
        (error: Error) => callback(error),
      );
    }

    child(): FastifyRateLimitStore {
      return new DatabaseStore();
    }
  };
}

/** Whose calls a request counts against: its API key, else its user; signed-out calls are not limited here. */
function limitKey(request: FastifyRequest): string | null {
  const actor = request.ctx?.actor;
  if (!actor || actor.type === 'system') return null;
  return actor.type === 'api_key' ? `api:key:${actor.id}` : `api:user:${actor.id}`;
}

/**
 * Per-key and per-user limits on the API with the standard `RateLimit-Limit`,
 * `RateLimit-Remaining` and `RateLimit-Reset` headers, and `Retry-After` on a 429. Runs before
 * validation, after the request context knows who calls. Sign-in and the other signed-out calls
 * keep their own limits (decision 0003).
 */
export async function registerApiRateLimit(
  api: FastifyInstance,
  config: AppConfig,
  limiter: RateLimiter,
  clock: Clock,
): Promise<void> {
  const counter = new LeasedCounter(limiter, clock);
  await api.register(rateLimit, {
    global: true,
    hook: 'preValidation',
    enableDraftSpec: true,
    timeWindow: WINDOW_MS,
    store: databaseStore(counter),
    allowList: (request) => limitKey(request) === null,
    keyGenerator: (request) => limitKey(request) ?? request.ip,
    max: (request) =>
      request.ctx?.actor?.type === 'api_key'
        ? config.API_KEY_CALLS_PER_MINUTE
        : config.API_USER_CALLS_PER_MINUTE,
    errorResponseBuilder: (_request, context) =>
      new AppError(
        'RATE_LIMITED',
        `Too many requests: ${context.max} a minute are allowed. Try again in ${Math.max(1, Math.ceil(context.ttl / 1000))} seconds.`,
      ),
  });
}
