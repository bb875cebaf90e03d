import { CHUNK_LOAD_TIMEOUT_MS } from '@tillbook/contract/constants';

/** A screen's code could not be loaded in time (a dropped connection, a new version deployed). */
export class ScreenLoadError extends Error {
  constructor(cause: unknown) {
    super('This screen could not be loaded.', { cause });
    this.name = 'ScreenLoadError';
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Loads a screen's module, trying again with growing pauses (1 s, 2 s, 4 s … at most 10 s) until
 * the spec's 120 s have passed since the first try; then gives up with a ScreenLoadError that
 * the route's error screen answers with a reload button.
 */
export async function loadWithRetry<T>(
  load: () => Promise<T>,
  { timeoutMs = CHUNK_LOAD_TIMEOUT_MS, now = () => Date.now(), wait = sleep } = {},
): Promise<T> {
  const started = now();
  let pause = 1000;
  for (;;) {
    try {
      return await load();
    } catch (error) {
      const left = timeoutMs - (now() - started);
      if (left <= 0) throw new ScreenLoadError(error);
      await wait(Math.min(pause, left));
      pause = Math.min(pause * 2, 10_000);
    }
  }
}
