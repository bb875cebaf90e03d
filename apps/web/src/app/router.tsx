import { createElement, lazy, Suspense, type ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import SignInScreen from '../features/auth/screens/sign-in-screen';
import { readSession, type Session } from '../lib/session';
import { PublicOnly, RequireAuth, RequireStore, RootRedirect, VerifyLinkWhileSignedIn } from './guards';
import { loadWithRetry } from '../lib/lazy-screen';
import { FullScreenLogo } from '../components/logo';
import { Root } from './root';
import { RouteError } from './route-error';

type ScreenModule = { default: ComponentType };
type Load = () => Promise<ScreenModule>;

/** A route whose screen loads on demand (retried for up to 120 s, see lazy-screen.ts). */
const screen = (path: string | undefined, load: Load): RouteObject => ({
  path,
  lazy: async () => ({ Component: (await loadWithRetry(load)).default }),
  handle: { load },
});

/**
 * A route behind a guard whose code loads only when the guard will let the visitor in
 * (`allowed`). React Router starts every matched route's `lazy` at once, before any guard has
 * rendered, so with `lazy` a signed-out visit to /home fetched the app shell and the home
 * screen just to be sent to sign-in. Here the code loads in the route's loader, which asks
 * the session first; the navigation waits for it as it waits for `lazy`, so the loading logo
 * and the retries behave the same. Should the guard let the visitor in without the loader
 * having loaded the code (a sign-in in another tab), the screen loads on render instead.
 */
function guarded(path: string | undefined, load: Load, allowed: (session: Session | null) => boolean) {
  let Loaded: ComponentType | undefined;
  const fetchScreen = async () => {
    const module = await loadWithRetry(load);
    Loaded = module.default;
    return module;
  };
  const OnRender = lazy(fetchScreen);
  function GuardedScreen() {
    return Loaded
      ? createElement(Loaded)
      : createElement(Suspense, { fallback: <FullScreenLogo /> }, <OnRender />);
  }
  return {
    path,
    loader: async () => {
      if (!Loaded && allowed(readSession())) await fetchScreen();
      return null;
    },
    // The loader has nothing to fetch again: search changes (list filters) do not rerun it.
    shouldRevalidate: () => false,
    Component: GuardedScreen,
    handle: { load },
  } satisfies RouteObject;
}

const signedIn = (session: Session | null) => session !== null;
const withStore = (session: Session | null) => Boolean(session?.store);
const storeScreen = (path: string | undefined, load: Load) => guarded(path, load, withStore);

/** Public auth screens (spec section 2); signed-in users go to /home. */
const publicRoutes: RouteObject[] = [
  screen('/auth/sign-up', () => import('../features/auth/screens/sign-up-screen')),
  // The front door is part of the app's first script (decision 0023): a cold visit shows
  // it without a second round of downloads after the first script has run.
  {
    path: '/auth/sign-in',
    Component: SignInScreen,
    handle: { load: async () => ({ default: SignInScreen }) },
  },
  screen('/auth/forgot-password', () => import('../features/auth/screens/forgot-password-screen')),
  screen('/auth/email-otp', () => import('../features/auth/screens/email-otp-screen')),
  screen('/user/reset-password/:id', () => import('../features/auth/screens/reset-password-screen')),
  screen('/verify-email', () => import('../features/auth/screens/verify-email-screen')),
];

/** Every protected screen of spec section 2 inside the app layout. */
const storeRoutes: RouteObject[] = [
  storeScreen('/home', () => import('../features/home/screens/home-screen')),
  storeScreen('/dashboard', () => import('../features/dashboard/screens/dashboard-screen')),
  storeScreen('/developers', () => import('../features/developers/screens/developers-screen')),
  storeScreen('/developers/webhooks', () => import('../features/developers/screens/webhooks-screen')),
  storeScreen('/developers/reference', () => import('../features/developers/screens/api-reference-screen')),
  storeScreen('/report', () => import('../features/reports/screens/reports-screen')),
  storeScreen('/report/shifts/:id', () => import('../features/shifts/screens/shift-screen')),
  storeScreen('/settings', () => import('../features/settings/screens/settings-screen')),
  storeScreen('/settings/:id', () => import('../features/settings/screens/settings-screen')),
  storeScreen('/store', () => import('../features/stores/screens/stores-screen')),
  storeScreen('/wallet', () => import('../features/wallet/screens/wallet-screen')),
  storeScreen('/invoice', () => import('../features/invoices/screens/invoice-screen')),
  storeScreen('/print/receipt', () => import('../features/invoices/screens/thermal-print-screen')),

  storeScreen('/sales/customers', () => import('../features/customers/screens/customers-screen')),
  storeScreen(
    '/sales/customers/details',
    () => import('../features/customers/screens/customer-details-screen'),
  ),
  storeScreen('/sales/customers/owing', () => import('../features/customers/screens/owing-screen')),
  storeScreen('/sales/customers/create', () => import('../features/customers/screens/customer-form-screen')),
  storeScreen(
    '/sales/customers/edit/:id',
    () => import('../features/customers/screens/customer-form-screen'),
  ),
  storeScreen('/sales/customers/:id', () => import('../features/customers/screens/customer-details-screen')),

  storeScreen('/sales/orders', () => import('../features/orders/screens/orders-screen')),
  storeScreen('/sales/orders/details/:id', () => import('../features/orders/screens/order-details-screen')),
  storeScreen('/sales/orders/generate', () => import('../features/till/screens/point-of-sale-screen')),

  storeScreen('/sales/discounts', () => import('../features/discounts/screens/discounts-screen')),
  storeScreen('/sales/discounts/create', () => import('../features/discounts/screens/discount-form-screen')),
  storeScreen(
    '/sales/discounts/edit/:id',
    () => import('../features/discounts/screens/discount-form-screen'),
  ),

  storeScreen('/inventory/products', () => import('../features/products/screens/products-screen')),
  storeScreen('/inventory/products/create', () => import('../features/products/screens/product-form-screen')),
  storeScreen('/inventory/products/:id', () => import('../features/products/screens/product-form-screen')),

  storeScreen('/purchase/vendors', () => import('../features/vendors/screens/vendors-screen')),
  storeScreen(
    '/purchase/vendors/details/:id',
    () => import('../features/vendors/screens/vendor-details-screen'),
  ),
  // The spec: editing a vendor uses the vendor create screen.
  storeScreen('/purchase/vendors/create', () => import('../features/vendors/screens/vendor-form-screen')),
  storeScreen('/purchase/vendors/edit/:id', () => import('../features/vendors/screens/vendor-form-screen')),

  storeScreen(
    '/purchase/payments-received',
    () => import('../features/payments-received/screens/payments-screen'),
  ),
  storeScreen(
    '/purchase/payments-received/create',
    () => import('../features/payments-received/screens/payment-form-screen'),
  ),
  storeScreen(
    '/purchase/payments-received/:id',
    () => import('../features/payments-received/screens/payment-details-screen'),
  ),

  storeScreen('/purchase/orders', () => import('../features/purchase-orders/screens/purchase-orders-screen')),
  storeScreen(
    '/purchase/orders/:id',
    () => import('../features/purchase-orders/screens/purchase-order-details-screen'),
  ),
  storeScreen(
    '/purchase/create',
    () => import('../features/purchase-orders/screens/purchase-order-form-screen'),
  ),
];

export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <FullScreenLogo />,
    children: [
      { path: '/', element: <RootRedirect /> },
      { element: <PublicOnly />, errorElement: <RouteError />, children: publicRoutes },
      {
        element: <VerifyLinkWhileSignedIn />,
        errorElement: <RouteError />,
        children: [
          screen('/user/verify_email/:id', () => import('../features/auth/screens/verify-email-link-screen')),
        ],
      },
      // Opened from the invitation email; works signed in or out (it signs the invitee in).
      screen('/auth/accept-invite', () => import('../features/auth/screens/accept-invite-screen')),
      // Redirect targets the spec writes without the /auth prefix.
      { path: '/sign-in', element: <Navigate to="/auth/sign-in" replace /> },
      { path: '/email-otp', element: <Navigate to="/auth/email-otp" replace /> },
      {
        element: <RequireAuth />,
        errorElement: <RouteError />,
        children: [
          {
            ...guarded(undefined, () => import('../features/onboarding/onboarding-layout'), signedIn),
            children: [
              guarded(
                '/onboarding/business-info',
                () => import('../features/onboarding/screens/business-info-screen'),
                signedIn,
              ),
              guarded(
                '/onboarding/business-number',
                () => import('../features/onboarding/screens/business-number-screen'),
                signedIn,
              ),
            ],
          },
          {
            element: <RequireStore />,
            children: [
              {
                ...storeScreen(undefined, () => import('./layout/app-layout')),
                errorElement: <RouteError />,
                children: [...storeRoutes, storeScreen('*', () => import('./not-found-screen'))],
              },
            ],
          },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
