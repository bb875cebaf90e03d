import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { describe, expect, it } from 'vitest';
import { createStoragePersister } from './query-client';

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
