import { render, screen } from '@testing-library/react';
import { createMemoryRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { saveSession } from '../lib/session';
import { setUiState } from '../lib/ui-state';
import { signIn } from '../test/session';
import { PublicOnly, RequireAuth, RequireStore, RootRedirect } from './guards';
import { routes } from './router';

const screenAt = (text: string) => <p>{text}</p>;

const testRoutes: RouteObject[] = [
  { path: '/', element: <RootRedirect /> },
  {
    element: <PublicOnly />,
    children: [
      { path: '/auth/sign-in', element: screenAt('sign-in screen') },
      { path: '/auth/sign-up', element: screenAt('sign-up screen') },
    ],
  },
  {
    element: <RequireAuth />,
    children: [
      { path: '/onboarding/business-info', element: screenAt('business info screen') },
      { path: '/onboarding/business-number', element: screenAt('business number screen') },
      {
        element: <RequireStore />,
        children: [
          { path: '/home', element: screenAt('home screen') },
          { path: '/settings/:id', element: screenAt('settings screen') },
        ],
      },
    ],
  },
];

function open(path: string) {
  const router = createMemoryRouter(testRoutes, { initialEntries: ['/somewhere', path], initialIndex: 1 });
  render(<RouterProvider router={router} />);
  return router;
}

describe('route guards', () => {
  beforeEach(() => setUiState({ onboardingStep: null }));

  it('signed out, a protected route goes to sign-in, replacing the history entry', async () => {
    const router = open('/settings/team');
    expect(await screen.findByText('sign-in screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/sign-in');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(router.state.location.state).toEqual({ from: '/settings/team' });
  });

  it('signed in, a public auth route goes to /home, replacing the history entry', async () => {
    signIn();
    const router = open('/auth/sign-up');
    expect(await screen.findByText('home screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('/ goes to sign-in signed out and to /home signed in', async () => {
    const signedOut = open('/');
    expect(await screen.findByText('sign-in screen')).toBeInTheDocument();
    expect(signedOut.state.location.pathname).toBe('/auth/sign-in');
  });

  it('/ goes to /home signed in', async () => {
    signIn();
    const router = open('/');
    expect(await screen.findByText('home screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
  });

  it('/ leads on to the business number while that onboarding step is open', async () => {
    signIn();
    setUiState({ onboardingStep: 'business-number' });
    const router = open('/');
    expect(await screen.findByText('business number screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/onboarding/business-number');
  });

  it('signed in without a store, store screens go to onboarding', async () => {
    signIn(null);
    const router = open('/home');
    expect(await screen.findByText('business info screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/onboarding/business-info');
  });

  it('an expired session counts as signed out', async () => {
    saveSession(
      {
        token: 'tok_1234567890abcdefghij',
        user: { id: 'u', email: 'a@b.ng', business_name: null } as never,
        store: null,
      },
      -1,
    );
    open('/home');
    expect(await screen.findByText('sign-in screen')).toBeInTheDocument();
  });
});

/** Every route of spec section 2, and which guard it sits behind in the real router. */
const PROTECTED = [
  '/home',
  '/dashboard',
  '/developers',
  '/report',
  '/settings',
  '/settings/team',
  '/store',
  '/wallet',
  '/invoice',
  '/sales/customers',
  '/sales/customers/details',
  '/sales/customers/create',
  '/sales/customers/edit/7',
  '/sales/orders',
  '/sales/orders/details/7',
  '/sales/orders/generate',
  '/sales/discounts',
  '/sales/discounts/create',
  '/sales/discounts/edit/7',
  '/inventory/products',
  '/inventory/products/create',
  '/inventory/products/7',
  '/purchase/vendors',
  '/purchase/vendors/details/7',
  '/purchase/vendors/create',
  '/purchase/vendors/edit/7',
  '/purchase/payments-received',
  '/purchase/payments-received/create',
  '/purchase/payments-received/7',
  '/purchase/orders',
  '/purchase/orders/7',
  '/purchase/create',
  '/onboarding/business-info',
  '/onboarding/business-number',
];
const PUBLIC = [
  '/auth/sign-up',
  '/auth/sign-in',
  '/auth/forgot-password',
  '/auth/email-otp',
  '/user/reset-password/abc',
  '/user/verify_email/abc',
  '/verify-email',
];

const guardOf = (path: string) =>
  (matchRoutes(routes, path) ?? [])
    .map((m) => (m.route.element as { type?: { name?: string } } | undefined)?.type?.name)
    .filter(Boolean);

describe('the route table', () => {
  it.each(PROTECTED)('%s is a protected screen', (path) => {
    const matches = matchRoutes(routes, path)!;
    expect(matches.at(-1)!.route.path).not.toBe('*');
    expect(guardOf(path)).toContain('RequireAuth');
  });

  it.each(PUBLIC)('%s is a public screen that signed-in users leave', (path) => {
    const guards = guardOf(path);
    expect(guards.some((g) => g === 'PublicOnly' || g === 'VerifyLinkWhileSignedIn')).toBe(true);
    expect(guards).not.toContain('RequireAuth');
  });

  it('vendor edit uses the vendor create screen', async () => {
    const edit = matchRoutes(routes, '/purchase/vendors/edit/7')!.at(-1)!.route;
    const create = matchRoutes(routes, '/purchase/vendors/create')!.at(-1)!.route;
    const load = (route: RouteObject) =>
      (route.handle as { load: () => Promise<{ default: unknown }> }).load();
    const [a, b] = await Promise.all([load(edit), load(create)]);
    expect(a.default).toBe(b.default);
  });
});
