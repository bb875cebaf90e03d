import type { CurrentUser } from '@tillbook/contract/users';
import { usersRoutes } from '@tillbook/contract/route-refs';
import { call } from './api-client';

let userCall: Promise<CurrentUser> | null = null;

/**
 * `GET /user/singleuser`, shared by callers that ask at the same time: on a page load the
 * session check and the current user's query both want it, and one request answers both.
 */
export function fetchSingleUser(): Promise<CurrentUser> {
  userCall ??= call(usersRoutes.singleUser, {})
    .then((answer) => answer.data)
    .finally(() => {
      userCall = null;
    });
  return userCall;
}
