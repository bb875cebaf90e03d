import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { runEverySeconds } from './background-rounds.js';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('runEverySeconds', () => {
  it('runs rounds once ready, never two at once, and closing waits for the one in flight', async () => {
    const app = Fastify({ logger: false });
    let started = 0;
    let inFlight = 0;
    let most = 0;
    let finished = 0;
    runEverySeconds(app, 0.02, 'test round', async () => {
      started++;
      inFlight++;
      most = Math.max(most, inFlight);
      await wait(70);
      inFlight--;
      finished++;
    });
    await wait(50);
    expect(started).toBe(0);
    await app.ready();
    await wait(200);
    expect(started).toBeGreaterThanOrEqual(2);
    expect(most).toBe(1);
    await app.close();
    expect(finished).toBe(started);
    const after = started;
    await wait(100);
    expect(started).toBe(after);
  });

  it('runs nothing at 0 seconds, and a failed round does not stop the next', async () => {
    const off = Fastify({ logger: false });
    let calls = 0;
    runEverySeconds(off, 0, 'off', async () => {
      calls++;
    });
    await off.ready();
    await wait(60);
    await off.close();
    expect(calls).toBe(0);

    const app = Fastify({ logger: false });
    let tries = 0;
    runEverySeconds(app, 0.02, 'failing round', async () => {
      tries++;
      throw new Error('boom');
    });
    await app.ready();
    await wait(150);
    await app.close();
    expect(tries).toBeGreaterThanOrEqual(2);
  });
});
