import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import { authRoutes } from '@tillbook/contract/route-refs';
import { call } from '../lib/api-client';
import { isPublicRedirectHeld } from '../lib/auth-transition';
import { useSession } from '../lib/session';
import { notify } from '../lib/toast';
import { useUiState } from '../lib/ui-state';
import { paths } from '../config/paths';

export const SIGN_IN_PATH = paths.signIn;
export const HOME_PATH = paths.home;
export const BUSINESS_INFO_PATH = paths.businessInfo;
export const BUSINESS_NUMBER_PATH = paths.businessNumber;

/** Protected routes: without a session token, sign-in, replacing the history entry. */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  if (!session) {
    return <Navigate to={SIGN_IN_PATH} replace state={{ from: location.pathname + location.search }} />;
  }
  return <Outlet />;
}

/** Screens of a store need one: a signed-in user without a store goes through onboarding first. */
export function RequireStore() {
  const session = useSession();
  const location = useLocation();
  if (session && !session.store) return <Navigate to={BUSINESS_INFO_PATH} replace />;
  // A session carried on by the offline grant sells and does nothing else (decision 0036).
  if (session?.offlineUntil !== undefined && location.pathname !== paths.pointOfSale) {
    return <Navigate to={paths.pointOfSale} replace />;
  }
  return <Outlet />;
}

/** Public auth routes: with a session token, /home, replacing the history entry. */
export function PublicOnly() {
  const session = useSession();
  if (session && !isPublicRedirectHeld()) return <Navigate to={HOME_PATH} replace />;
  return <Outlet />;
}

/** `/`: home when signed in (or the onboarding step still open), sign-in otherwise. */
export function RootRedirect() {
  const session = useSession();
  const step = useUiState((s) => s.onboardingStep);
  if (!session) return <Navigate to={SIGN_IN_PATH} replace />;
  if (session.store && step === 'business-number') return <Navigate to={BUSINESS_NUMBER_PATH} replace />;
  return <Navigate to={HOME_PATH} replace />;
}

/**
 * The emailed verification link opened while signed in: the route is public (so it goes to
 * /home, as the spec says), but the link is still honoured on the way.
 */
export function VerifyLinkWhileSignedIn() {
  const session = useSession();
  const { id } = useParams();
  useEffect(() => {
    if (!session || !id) return;
    call(authRoutes.verifyEmailLink, { params: { token: id } })
      .then((answer) => notify.success(answer.message || 'Email verified'))
      .catch((error: Error) => notify.error(error.message));
    // Run once for the link that was opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  if (session) return <Navigate to={HOME_PATH} replace />;
  return <Outlet />;
}
