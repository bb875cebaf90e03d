import { CHUNK_LOAD_TIMEOUT_MS } from '@tillbook/contract/constants';
import { describe, expect, it, vi } from 'vitest';
import { loadWithRetry, ScreenLoadError } from './lazy-screen';

function fakeClock() {
  let now = 0;
  return { now: () => now, wait: vi.fn(async (ms: number) => void (now += ms)) };
}

describe('loading a screen', () => {
  it('tries again after a failed load and returns the module', async () => {
    const clock = fakeClock();
    const load = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue('screen');
    await expect(loadWithRetry(load, clock)).resolves.toBe('screen');
    expect(load).toHaveBeenCalledTimes(2);
    expect(clock.wait).toHaveBeenCalledWith(1000);
  });

  it("gives up after the spec's 120 s with an error the route answers with a reload", async () => {
    const clock = fakeClock();
    const load = vi.fn().mockRejectedValue(new TypeError('Failed to fetch dynamically imported module'));
    const error = await loadWithRetry(load, clock).catch((e) => e);
    expect(error).toBeInstanceOf(ScreenLoadError);
    expect(clock.now()).toBe(CHUNK_LOAD_TIMEOUT_MS);
    // Pauses grow and are capped at 10 s.
    expect(clock.wait.mock.calls.map((c) => c[0]).slice(0, 6)).toEqual([
      1000, 2000, 4000, 8000, 10_000, 10_000,
    ]);
  });
});
