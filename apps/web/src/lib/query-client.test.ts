import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { describe, expect, it, vi } from 'vitest';
import { coalescingScheduler, createStoragePersister } from './query-client';

describe('query cache persister', () => {
  it('writes a throttled change when the page is left, so a quick reload does not restore older answers', async () => {
    const persister = createStoragePersister('test-cache', 60_000);
    const client = {
      timestamp: 1,
      buster: 'v1',
      clientState: { queries: [], mutations: [] },
    } as PersistedClient;
    await persister.persistClient(client);
    expect(window.localStorage.getItem('test-cache')).toBeNull();
    window.dispatchEvent(new Event('pagehide'));
    expect(JSON.parse(window.localStorage.getItem('test-cache')!)).toEqual(client);
    await persister.removeClient();
  });
});

describe('query notifications', () => {
  it('sends what one task queued in one timer, in order, and a throwing subscriber stops no other', async () => {
    const timers: Array<() => void> = [];
    const schedule = coalescingScheduler((run) => timers.push(run));
    const seen: string[] = [];
    schedule(() => seen.push('a'));
    schedule(() => {
      throw new Error('a subscriber broke');
    });
    schedule(() => seen.push('c'));
    expect(timers).toHaveLength(1);
    expect(seen).toEqual([]);

    const thrown = vi.fn();
    const restore = vi.spyOn(globalThis, 'queueMicrotask').mockImplementation((fn) => {
      try {
        fn();
      } catch (error) {
        thrown(error);
      }
    });
    timers[0]!();
    restore.mockRestore();
    expect(seen).toEqual(['a', 'c']);
    expect(thrown).toHaveBeenCalledWith(new Error('a subscriber broke'));

    // The next task's notifications get a timer of their own.
    schedule(() => seen.push('d'));
    expect(timers).toHaveLength(2);
    timers[1]!();
    expect(seen).toEqual(['a', 'c', 'd']);
  });
});
