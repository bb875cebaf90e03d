import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/app-error.js';

const NUL = '\u0000';
const MESSAGE = 'Must not contain the NUL character (\\u0000)';

/** The path (`items.0.name`) of the first string holding NUL in a parsed input, or null. */
function nulPath(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes(NUL) ? path : null;
  if (value === null || typeof value !== 'object' || depth > 32) return null;
  for (const [key, inner] of Object.entries(value)) {
    const found = nulPath(inner, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Refuses text holding the NUL character in a path, query or JSON body, naming the field.
 * PostgreSQL cannot store NUL in text and fails the statement, which would answer 500; SQLite
 * stores it and search would then miss the record. No merchant's text needs it, so both engines
 * refuse it the same way, before validation and before anything is written.
 */
export function registerTextInputCheck(app: FastifyInstance): void {
  // The path and query are checked on arrival, before the request context looks up the store
  // named by `storeId`; the body once it is parsed.
  // Callback hooks: an async one would cost every request a promise.
  app.addHook('onRequest', (request, _reply, done) =>
    done(refusal('params', request.params) ?? refusal('query', request.query) ?? undefined),
  );
  app.addHook('preValidation', (request, _reply, done) => done(refusal('body', request.body) ?? undefined));
}

function refusal(part: string, value: unknown): Error | null {
  const path = nulPath(value, '');
  if (path === null) return null;
  const field = path || part;
  return badRequest(`${field}: ${MESSAGE}`, { [field]: MESSAGE });
}
