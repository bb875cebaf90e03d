import type { SignInData } from '@tillbook/contract/auth';
import { MESSAGES } from '@tillbook/contract/constants';
import { analytics } from '../../lib/analytics';
import { holdPublicRedirect, releasePublicRedirect } from '../../lib/auth-transition';
import { saveSession, type Session } from '../../lib/session';
import { notify } from '../../lib/toast';

/** How long the success toast shows before the next screen (spec: about 0.5 s). */
export const REDIRECT_DELAY_MS = 500;

/**
 * The session to store from a sign-in answer (spec section 3): the store is the one of
 * `userStore` whose business name matches the answer's, or none.
 */
export function sessionFromSignIn(data: SignInData): Omit<Session, 'isLoggedIn'> & { storeFound: boolean } {
  const { userToken, userStore, ...user } = data;
  const match = userStore.find((s) => s.business_name === data.business_name) ?? null;
  return {
    token: userToken,
    user: { ...user, business_name: data.business_name ?? match?.business_name ?? null },
    store: match ? { id: match.id, business_name: match.business_name } : null,
    storeFound: match !== null,
  };
}

/**
 * Signs in with an answer of sign-in, sign-up or accept-invite: saves the session (token and
 * email mirrored), shows the spec's toasts, reports the `login` event, and after about 0.5 s
 * calls `go` to move on. A brand-new account has no store yet by design, so its sign-in after
 * verification skips the 'No business name!' check (`checkStore: false`).
 */
export function startSession(
  data: SignInData,
  go: () => void,
  {
    successText = MESSAGES.loginSuccessful,
    checkStore = true,
  }: { successText?: string; checkStore?: boolean } = {},
) {
  const { storeFound, ...session } = sessionFromSignIn(data);
  holdPublicRedirect();
  saveSession(session);
  // The spec: no matching store is an error, and the success toast follows anyway.
  if (checkStore && !storeFound) notify.error(MESSAGES.noBusinessName);
  notify.success(successText);
  analytics.identify(data.id, { email_verified: data.email_verified, has_store: storeFound });
  analytics.track('login', { store_id: session.store?.id ?? null });
  setTimeout(() => {
    releasePublicRedirect();
    go();
  }, REDIRECT_DELAY_MS);
  return session;
}

const PENDING_KEY = 'pendingSignUp';

/** A fresh sign-up's answer, kept for this tab until the email is verified (or skipped). */
export function keepPendingSignUp(data: SignInData): void {
  try {
    window.sessionStorage.setItem(PENDING_KEY, JSON.stringify(data));
  } catch {
    // without session storage the user signs in after verifying
  }
}

export function takePendingSignUp(email: string): SignInData | null {
  try {
    const raw = window.sessionStorage.getItem(PENDING_KEY);
    if (!raw) return null;
    const data = JSON.parse(raw) as SignInData;
    if (data.email !== email.trim().toLowerCase()) return null;
    window.sessionStorage.removeItem(PENDING_KEY);
    return data;
  } catch {
    return null;
  }
}

export function peekPendingSignUp(): SignInData | null {
  try {
    const raw = window.sessionStorage.getItem(PENDING_KEY);
    return raw ? (JSON.parse(raw) as SignInData) : null;
  } catch {
    return null;
  }
}
