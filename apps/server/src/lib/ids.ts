import { randomFillSync } from 'node:crypto';

let lastMs = 0;
let seq = 0;

// Random bytes are drawn from a pool refilled 256 ids at a time: one call into the system's
// generator per pool instead of one per id (ids are made several times per order).
const POOL_IDS = 256;
const pool = Buffer.alloc(16 * POOL_IDS);
let poolOffset = pool.length;

function randomBlock(): Buffer {
  if (poolOffset >= pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const block = Buffer.from(pool.subarray(poolOffset, poolOffset + 16));
  poolOffset += 16;
  return block;
}

/**
 * A UUIDv7 string: time-ordered, so primary-key indexes stay append-mostly and ids sort by
 * creation. A 12-bit counter keeps ids made in the same millisecond in order.
 */
export function newId(now = Date.now()): string {
  const bytes = randomBlock();
  if (now <= lastMs) {
    seq = (seq + 1) & 0xfff;
    if (seq === 0) lastMs += 1;
    now = lastMs;
  } else {
    lastMs = now;
    // Bytes 0-1 are overwritten by the time below, so the counter's start stays independent of the id's random part.
    seq = bytes.readUInt16BE(0) & 0x7ff;
  }
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = 0x70 | (seq >> 8);
  bytes[7] = seq & 0xff;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
