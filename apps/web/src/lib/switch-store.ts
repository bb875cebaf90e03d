import type { QueryClient } from '@tanstack/react-query';
import type { StoreSummary } from '@tillbook/contract/stores';
import { storesRoutes } from '@tillbook/contract/route-refs';
import { call } from './api-client';
import { forgetTillCatalogue } from './end-session';
import { updateSession } from './session';

/** Makes a store the session's current one, here and on the server, and refetches everything. */
export async function switchStore(client: QueryClient, storeId: string): Promise<StoreSummary> {
  const store = (await call(storesRoutes.switch, { body: { store_id: storeId } })).data;
  updateSession((s) => ({
    ...s,
    store: { id: store.id, business_name: store.business_name },
    user: {
      ...s.user,
      business_name: store.business_name,
      store_id: store.id,
      store_name: store.business_name,
    },
  }));
  // The till keeps one store's catalogue: the new store's comes down when its till opens.
  forgetTillCatalogue();
  await client.invalidateQueries();
  return store;
}
