import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ReceiptLinksTable } from './receipts.tables.js';

/**
 * A receipt link's token (decision 0066): `<id>.<signature>`. The id is random (96 bits) and
 * names the link's row; the signature is an HMAC with the app's secret over the row's store,
 * id, what it opens and until when. A token whose id or signature differs by one character
 * names no row or fails the check, and is a 404 like an expired or revoked one: a link says
 * nothing about receipts it does not open.
 */

export const newLinkId = () => randomBytes(12).toString('base64url');

function signature(
  secret: string,
  row: Pick<ReceiptLinksTable, 'store_id' | 'id' | 'kind' | 'entity_id' | 'expires_at'>,
) {
  return createHmac('sha256', secret)
    .update(`receipt-link|${row.store_id}|${row.id}|${row.kind}|${row.entity_id}|${row.expires_at}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');
}

export const tokenOf = (secret: string, row: ReceiptLinksTable) => `${row.id}.${signature(secret, row)}`;

/** The id a token names, or null when it is not shaped as a token. */
export function idOfToken(token: string): { id: string; signature: string } | null {
  const match = /^([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{22})$/.exec(token);
  return match ? { id: match[1]!, signature: match[2]! } : null;
}

/** The token's signature is the row's. */
export function signedBy(secret: string, row: ReceiptLinksTable, given: string): boolean {
  const expected = Buffer.from(signature(secret, row));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
