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
}
