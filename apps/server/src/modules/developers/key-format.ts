import { randomBytes } from 'node:crypto';

/**
 * What an API key holds after its prefix (decisions 0032, 0049): the id of the store whose row
 * it is (16 bytes) and 32 random bytes (256 bits), in base64url: 64 characters. The store in
 * the key lets its look-up name the store, so Citus asks the one worker holding the store's
 * keys. The store's id is no secret (it is in the store's own URLs); the random part is.
 */
const STORE_BYTES = 16;
const RANDOM_BYTES = 32;
const KEY_LENGTH = 64;
/** Keys made before they carried their store: 32 random bytes, 43 characters. */
const OLD_KEY_LENGTH = 43;
const PREFIX = /^(pk|sk)_(test|live)_/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const BASE64URL = /^[A-Za-z0-9_-]*$/;

/** A new key's characters after the prefix, carrying `storeId` (a store's UUID). */
export function keyBody(storeId: string): string {
  if (!UUID.test(storeId)) throw new Error(`A key's store must be a UUID, not "${storeId}"`);
  const store = Buffer.from(storeId.replace(/-/g, ''), 'hex');
  return Buffer.concat([store, randomBytes(RANDOM_BYTES)]).toString('base64url');
}

/**
 * Where a presented key's row is: the store it names, `old` for a key of the shape made before
 * keys carried their store (its row is found by its hash alone), or null for a token of neither
 * shape, which no key has.
 */
export function keyPlace(token: string): { storeId: string } | 'old' | null {
  const body = token.replace(PREFIX, '');
  if (!BASE64URL.test(body)) return null;
  if (body.length === OLD_KEY_LENGTH) return 'old';
  if (body.length !== KEY_LENGTH) return null;
  const hex = Buffer.from(body, 'base64url').subarray(0, STORE_BYTES).toString('hex');
  return {
    storeId: `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`,
  };
}
