import { resetQueryCache } from './query-client';
import { clearSession } from './session';
import { resetUiState } from './ui-state';

/**
 * Forgets the session and everything cached for it, in memory and in localStorage: the
 * answers of the data cache and its persisted copy, and the UI state. Used on sign-out and
 * when the server refuses the session.
 */
export function endSession(): void {
  clearSession();
  resetQueryCache();
  resetUiState();
  forgetTillCatalogue();
}

/**
 * The till's copy of the catalogue goes with the session (decision 0036); its queued sales stay
 * (money taken, sent once someone signs in again). Loaded when needed: the sign-in route carries
 * no IndexedDB code.
 */
export function forgetTillCatalogue(): void {
  if (typeof indexedDB === 'undefined') return;
  void import('./till-db').then((m) => m.clearCatalogue()).catch(() => undefined);
}
