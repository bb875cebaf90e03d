import { authRoutes } from '@tillbook/contract/route-refs';
import { call } from './api-client';
import { endSession } from './end-session';

/** Ends the session on the server (best effort) and forgets it and its cached data here. */
export async function signOut(): Promise<void> {
  await call(authRoutes.signOut, {}).catch(() => null);
  endSession();
}
