import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { LeasedCounter, RateLimiter } from './rate-limiter.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const WINDOW = 60_000;

/** Counts the statements that take blocks (one `take` is one upsert). */
class CountingLimiter extends RateLimiter {
  takes = 0;
  override take(key: string, windowMs: number, tokens: number) {
    this.takes++;
    return super.take(key, windowMs, tokens);
  }
}
let limiter: CountingLimiter;

/** API processes on one database: each has its own counter and leases. */
function processes(n: number) {
  limiter = new CountingLimiter(t.db, t.clock);
  return Array.from({ length: n }, () => new LeasedCounter(limiter, t.clock));
}

describe('LeasedCounter', () => {
  it('lets exactly the limit through across processes, one statement a block', async () => {
    const key = `test:lease:${Math.random()}`;
    const [a, b] = processes(2);
    const max = 100; // blocks of 5
    const counts: number[] = [];
    for (let i = 0; i < 70; i++) {
      counts.push((await a!.hit(key, WINDOW, max)).count);
      counts.push((await b!.hit(key, WINDOW, max)).count);
    }
    const allowed = counts.filter((c) => c <= max);
    expect(allowed).toHaveLength(max);
    // Every call has its own place in the window's count.
    expect(new Set(counts).size).toBe(counts.length);
    // 140 calls in blocks of 5: 28 statements, not 140.
    expect(limiter.takes).toBe(28);
  });

  it('hands out one block to calls that arrive together, and no place twice', async () => {
    const key = `test:lease:${Math.random()}`;
    const [a] = processes(1);
    const counts = await Promise.all(Array.from({ length: 40 }, () => a!.hit(key, WINDOW, 400)));
    expect(new Set(counts.map((c) => c.count)).size).toBe(40);
    expect(Math.max(...counts.map((c) => c.count))).toBe(40);
    expect(limiter.takes).toBe(2); // blocks of 20
  });

  it('starts again when the window ends, whatever the process still holds', async () => {
    const key = `test:lease:${Math.random()}`;
    const [a, b] = processes(2);
    expect((await a!.hit(key, WINDOW, 100)).count).toBe(1); // a holds 1–5
    expect((await b!.hit(key, WINDOW, 100)).count).toBe(6); // b holds 6–10
    t.clock.advance(WINDOW);
    const next = await a!.hit(key, WINDOW, 100);
    expect(next.count).toBe(1);
    // A new window from now (the clock runs on between the take and the answer).
    expect(next.resetInMs).toBeGreaterThan(WINDOW - 1_000);
    expect((await b!.hit(key, WINDOW, 100)).count).toBe(6);
  });

  it('sizes blocks to a twentieth of the limit, at least 1 and at most 50', () => {
    expect(LeasedCounter.blockFor(5)).toBe(1);
    expect(LeasedCounter.blockFor(600)).toBe(30);
    expect(LeasedCounter.blockFor(1200)).toBe(50);
  });
});

describe('RateLimiter.reserve', () => {
  const limit = { max: 5, windowMs: WINDOW };

  it('lets exactly the limit of concurrent attempts through, and a released one frees its place', async () => {
    const key = `test:reserve:${Math.random()}`;
    const limiter = new RateLimiter(t.db, t.clock);
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => limiter.reserve(key, limit)));
    const passed = results.filter((r) => r.status === 'fulfilled');
    expect(passed).toHaveLength(5);
    const refused = results.find((r) => r.status === 'rejected')!;
    expect((refused as PromiseRejectedResult).reason.message).toMatch(/^Too many attempts\. Try again in/);

    // A released attempt (one that succeeded) does not count: five more fit after it, not four.
    const key2 = `test:reserve:${Math.random()}`;
    const release = await limiter.reserve(key2, limit);
    await release();
    for (let i = 0; i < 5; i++) await limiter.reserve(key2, limit);
    await expect(limiter.reserve(key2, limit)).rejects.toThrow(/Too many attempts/);
  });

  it('a release after the window ended leaves the new window alone', async () => {
    const key = `test:reserve:${Math.random()}`;
    const limiter = new RateLimiter(t.db, t.clock);
    const release = await limiter.reserve(key, limit);
    t.clock.advance(WINDOW);
    for (let i = 0; i < 5; i++) await limiter.reserve(key, limit);
    await release();
    await expect(limiter.reserve(key, limit)).rejects.toThrow(/Too many attempts/);
  });
});
