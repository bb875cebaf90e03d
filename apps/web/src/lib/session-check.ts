import { ApiError } from './api-client';
import { fetchSingleUser } from './single-user';
import { endSession } from './end-session';
import { sessionToken } from './session';

export type SessionCheck = 'valid' | 'ended' | 'unknown';

let running: Promise<SessionCheck> | null = null;

/**
 * Asks the server whether the stored session still holds. Cached answers stay fresh for
 * minutes and are restored from localStorage on a reload, so without asking, a session ended
 * elsewhere (signed out on another device, a password change, a member removed) would keep
 * showing the store's data. A refused session (401) ends here with its cache; offline or a
 * server error keeps it (the app works from its cache offline). One check at a time.
 */
export function verifySession(): Promise<SessionCheck> {
  if (!sessionToken()) return Promise.resolve('ended');
  // The call itself, not current-user's query: that module would bring the query observer into
  // the first screen's script.
  running ??= fetchSingleUser()
    .then((): SessionCheck => 'valid')
    .catch((error: unknown): SessionCheck => {
      if (error instanceof ApiError && error.status === 401) {
        endSession();
        return 'ended';
      }
      return 'unknown';
    })
    .finally(() => {
      running = null;
    });
  return running;
}
