import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEVICE_COOKIE, DEVICE_SHAPE } from '../../lib/browser-device.js';
import { randomToken } from '../../lib/crypto.js';

/**
 * The browser's device id: a random value in an HttpOnly cookie, sent back only to the API.
 * A session keeps its SHA-256, so a later sign-in from the same browser is recognised as a
 * known device and skips the account-wide slow-down that strangers' guesses cause (decision 0021).
 * It is no credential: it never signs anyone in. Its name and shape are in `lib/browser-device.ts`,
 * which also names a till's owner by it (decision 0047).
 */
// Browsers keep a cookie at most 400 days.
const MAX_AGE_SECONDS = 400 * 24 * 3600;

/** The device id the browser sent, or a new one for a browser that has none. */
export function deviceOf(request: FastifyRequest): { id: string; sent: boolean } {
  const sent = request.cookies[DEVICE_COOKIE];
  return sent && DEVICE_SHAPE.test(sent) ? { id: sent, sent: true } : { id: randomToken(24), sent: false };
}

/** Keeps the device id in the browser for another 400 days. */
export function rememberDevice(request: FastifyRequest, reply: FastifyReply, id: string): void {
  reply.setCookie(DEVICE_COOKIE, id, {
    path: '/api/',
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    maxAge: MAX_AGE_SECONDS,
  });
}
