import type { FastifyRequest } from 'fastify';
import type { StoreContext } from './context.js';
import { sha256 } from './crypto.js';

/**
 * The browser's device id: a random value in an HttpOnly cookie, sent back only to the API, set
 * at sign-up, sign-in and accepting an invitation (decision 0021). It authenticates nothing.
 */
export const DEVICE_COOKIE = 'tb_device';
export const DEVICE_SHAPE = /^[A-Za-z0-9_-]{32,64}$/;

/**
 * Who a till's offline numbers (`OFF-<device>-<n>`) belong to (decision 0047): a browser, by the
 * SHA-256 of its device cookie, whoever is signed in on it (a cashier taking over the till sends
 * the sales the last one left waiting); an API key by its id; a client without the cookie by the
 * person.
 */
export function tillOwnerOf(request: FastifyRequest, ctx: Pick<StoreContext, 'actor'>): string {
  if (ctx.actor.type !== 'user') return `${ctx.actor.type}:${ctx.actor.id ?? '-'}`;
  const cookie = request.cookies?.[DEVICE_COOKIE];
  return cookie && DEVICE_SHAPE.test(cookie) ? `browser:${sha256(cookie)}` : `user:${ctx.actor.id}`;
}
