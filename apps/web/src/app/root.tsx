import { useEffect, useRef, useState } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { readSession, useSession } from '../lib/session';
import { resetQueryCache } from '../lib/query-client';
import { resetUiState } from '../lib/ui-state';
import { FullScreenLogo } from './logo';

const SESSION_CHECK_MS = 30_000;

/**
 * Reads the session every 30 s and whenever the tab comes back, so an expired one is removed
 * (and the guards return to sign-in) even when nothing else happens. When the session ends,
 * cached answers of that user are forgotten.
 */
function SessionWatcher() {
  const session = useSession();
  const hadSession = useRef(session !== null);
  useEffect(() => {
    const check = () => void readSession();
    const timer = setInterval(check, SESSION_CHECK_MS);
    document.addEventListener('visibilitychange', check);
    window.addEventListener('focus', check);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', check);
      window.removeEventListener('focus', check);
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
  return (
    <>
      <SessionWatcher />
      <NavigationLogo />
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
