import { api } from '../../lib/api-client';
import { resetQueryCache } from '../../lib/query-client';
import { clearSession } from '../../lib/session';
import { resetUiState } from '../../lib/ui-state';

/** Ends the session on the server (best effort) and forgets it and its cached data here. */
export async function signOut(): Promise<void> {
  await api.post('/user/signout').catch(() => null);
  clearSession();
  resetQueryCache();
  resetUiState();
}
