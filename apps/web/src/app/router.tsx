import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PublicOnly, RequireAuth, RequireStore, RootRedirect, VerifyLinkWhileSignedIn } from './guards';
import { loadWithRetry } from './lazy-screen';
import { FullScreenLogo } from './logo';
import { Root } from './root';
import { RouteError } from './route-error';

type ScreenModule = { default: ComponentType };

/** A route whose screen loads on demand (retried for up to 120 s, see lazy-screen.ts). */
const screen = (path: string | undefined, load: () => Promise<ScreenModule>): RouteObject => ({
  path,
  lazy: async () => ({ Component: (await loadWithRetry(load)).default }),
});

/** Public auth screens (spec section 2); signed-in users go to /home. */
const publicRoutes: RouteObject[] = [
  screen('/auth/sign-up', () => import('../features/auth/screens/sign-up-screen')),
  screen('/auth/sign-in', () => import('../features/auth/screens/sign-in-screen')),
  screen('/auth/forgot-password', () => import('../features/auth/screens/forgot-password-screen')),
  screen('/auth/email-otp', () => import('../features/auth/screens/email-otp-screen')),
  screen('/user/reset-password/:id', () => import('../features/auth/screens/reset-password-screen')),
  screen('/verify-email', () => import('../features/auth/screens/verify-email-screen')),
];

/** Every protected screen of spec section 2 inside the app layout. */
const storeRoutes: RouteObject[] = [
  screen('/home', () => import('../features/home/screens/home-screen')),
  screen('/dashboard', () => import('../features/dashboard/screens/dashboard-screen')),
  screen('/developers', () => import('../features/developers/screens/developers-screen')),
  screen('/report', () => import('../features/reports/screens/reports-screen')),
  screen('/settings', () => import('../features/settings/screens/settings-screen')),
  screen('/settings/:id', () => import('../features/settings/screens/settings-screen')),
  screen('/store', () => import('../features/stores/screens/stores-screen')),
  screen('/wallet', () => import('../features/wallet/screens/wallet-screen')),
  screen('/invoice', () => import('../features/invoices/screens/invoice-screen')),

  screen('/sales/customers', () => import('../features/customers/screens/customers-screen')),
  screen('/sales/customers/details', () => import('../features/customers/screens/customer-details-screen')),
  screen('/sales/customers/create', () => import('../features/customers/screens/customer-form-screen')),
  screen('/sales/customers/edit/:id', () => import('../features/customers/screens/customer-form-screen')),
  screen('/sales/customers/:id', () => import('../features/customers/screens/customer-details-screen')),

  screen('/sales/orders', () => import('../features/orders/screens/orders-screen')),
  screen('/sales/orders/details/:id', () => import('../features/orders/screens/order-details-screen')),
  screen('/sales/orders/generate', () => import('../features/orders/screens/point-of-sale-screen')),

  screen('/sales/discounts', () => import('../features/discounts/screens/discounts-screen')),
  screen('/sales/discounts/create', () => import('../features/discounts/screens/discount-form-screen')),
  screen('/sales/discounts/edit/:id', () => import('../features/discounts/screens/discount-form-screen')),

  screen('/inventory/products', () => import('../features/products/screens/products-screen')),
  screen('/inventory/products/create', () => import('../features/products/screens/product-form-screen')),
  screen('/inventory/products/:id', () => import('../features/products/screens/product-form-screen')),

  screen('/purchase/vendors', () => import('../features/vendors/screens/vendors-screen')),
  screen('/purchase/vendors/details/:id', () => import('../features/vendors/screens/vendor-details-screen')),
  // The spec: editing a vendor uses the vendor create screen.
  screen('/purchase/vendors/create', () => import('../features/vendors/screens/vendor-form-screen')),
  screen('/purchase/vendors/edit/:id', () => import('../features/vendors/screens/vendor-form-screen')),

  screen(
    '/purchase/payments-received',
    () => import('../features/payments-received/screens/payments-screen'),
  ),
  screen(
    '/purchase/payments-received/create',
    () => import('../features/payments-received/screens/payment-form-screen'),
  ),
  screen(
    '/purchase/payments-received/:id',
    () => import('../features/payments-received/screens/payment-details-screen'),
  ),

  screen('/purchase/orders', () => import('../features/purchase-orders/screens/purchase-orders-screen')),
  screen(
    '/purchase/orders/:id',
    () => import('../features/purchase-orders/screens/purchase-order-details-screen'),
  ),
  screen('/purchase/create', () => import('../features/purchase-orders/screens/purchase-order-form-screen')),
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
            lazy: async () => ({
              Component: (await loadWithRetry(() => import('../features/onboarding/onboarding-layout')))
                .default,
            }),
            children: [
              screen(
                '/onboarding/business-info',
                () => import('../features/onboarding/screens/business-info-screen'),
              ),
              screen(
                '/onboarding/business-number',
                () => import('../features/onboarding/screens/business-number-screen'),
              ),
            ],
          },
          {
            element: <RequireStore />,
            children: [
              {
                lazy: async () => ({
                  Component: (await loadWithRetry(() => import('./layout/app-layout'))).default,
                }),
                errorElement: <RouteError />,
                children: [...storeRoutes, screen('*', () => import('./not-found-screen'))],
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
