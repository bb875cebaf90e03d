import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config.js';
import { AppError } from '../lib/app-error.js';
import type { RateLimiter } from '../lib/rate-limiter.js';

const WINDOW_MS = 60_000;

/**
 * @fastify/rate-limit's store, backed by the `rate_limits` table through `RateLimiter.hit`: one
 * conditional upsert per call, so every API process counts in the same fixed window
 * (decision 0033). The plugin's own stores keep counts in one process (or need Redis).
 */
function databaseStore(limiter: RateLimiter) {
  return class DatabaseStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow?: number,
    ): void {
      limiter.hit(key, timeWindow ?? WINDOW_MS).then(
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
): Promise<void> {
  await api.register(rateLimit, {
    global: true,
    hook: 'preValidation',
    enableDraftSpec: true,
    timeWindow: WINDOW_MS,
    store: databaseStore(limiter),
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
