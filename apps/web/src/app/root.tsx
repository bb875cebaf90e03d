import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { readSession, useSession } from '../lib/session';
import { resetQueryCache } from '../lib/query-client';
import { verifySession } from '../lib/session-check';
import { resetUiState } from '../lib/ui-state';
import { FullScreenLogo } from '../components/logo';

const SESSION_CHECK_MS = 30_000;

// The service worker is registered only by the built app (the dev server and tests have none),
// and only once signed in: its precache downloads every screen, which a visitor to the sign-in
// page should not pay for (decision 0036).
const UpdatePrompt = import.meta.env.PROD ? lazy(() => import('./update-prompt')) : null;

/**
 * Reads the session every 30 s and whenever the tab comes back, so an expired one is removed
 * (and the guards return to sign-in) even when nothing else happens. When the page loads and
 * whenever the tab comes back, the server is asked whether the session still holds, so a
 * session it ended shows no cached data. When the session ends, cached answers of that user
 * are forgotten (a refused token on any call clears the session, which lands here too).
 */
function SessionWatcher() {
  const session = useSession();
  const hadSession = useRef(session !== null);
  useEffect(() => {
    const check = () => void readSession();
    const comeBack = () => {
      if (readSession() && document.visibilityState !== 'hidden') void verifySession();
    };
    comeBack();
    const timer = setInterval(check, SESSION_CHECK_MS);
    document.addEventListener('visibilitychange', comeBack);
    window.addEventListener('focus', comeBack);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', comeBack);
      window.removeEventListener('focus', comeBack);
    };
  }, []);
  useEffect(() => {
    if (hadSession.current && !session) {
      resetQueryCache();
      resetUiState();
    }
    hadSession.current = session !== null;
  }, [session]);
  return null;
}

/** While a screen's code loads after a click, the logo shows if it takes longer than a blink. */
function NavigationLogo() {
  const navigation = useNavigation();
  const [show, setShow] = useState(false);
  const loading = navigation.state === 'loading';
  useEffect(() => {
    if (!loading) return;
    const timer = setTimeout(() => setShow(true), 250);
    return () => {
      clearTimeout(timer);
      setShow(false);
    };
  }, [loading]);
  return loading && show ? <FullScreenLogo /> : null;
}

export function Root() {
  const signedIn = useSession() !== null;
  return (
    <>
      <SessionWatcher />
      <NavigationLogo />
      <ScrollRestoration />
      <Outlet />
      {UpdatePrompt && signedIn && (
        <Suspense fallback={null}>
          <UpdatePrompt />
        </Suspense>
      )}
    </>
  );
}
