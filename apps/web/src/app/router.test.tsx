import { createMemoryRouter, matchRoutes, type RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '../lib/session';
import type * as LazyScreen from '../lib/lazy-screen';
import { signIn } from '../test/session';
import { routes } from './router';

/** Every screen module the router asks for, by its `load` function (nothing is really fetched). */
const requested = vi.hoisted(() => [] as unknown[]);
vi.mock('../lib/lazy-screen', async (original) => ({
  ...(await original<typeof LazyScreen>()),
  loadWithRetry: vi.fn(async (load: unknown) => {
    requested.push(load);
    return { default: () => null };
  }),
}));

/** The `load` of each route matched at `path` (layouts and screen). */
const loadsAt = (path: string) =>
  (matchRoutes(routes, path) ?? [])
    .map((m) => (m.route.handle as { load?: unknown } | undefined)?.load)
    .filter(Boolean);

async function open(path: string) {
  const router = createMemoryRouter(routes as RouteObject[], { initialEntries: [path] });
  await vi.waitFor(() => expect(router.state.initialized).toBe(true));
  return router;
}

describe('code of protected screens', () => {
  beforeEach(() => {
    requested.length = 0;
    clearSession();
  });
  afterEach(() => clearSession());

  it('is not asked for when a signed-out visitor opens a protected screen', async () => {
    const router = await open('/home');
    expect(loadsAt('/home')).toHaveLength(2);
    expect(requested).toEqual([]);
    router.dispose();
    await open('/sales/orders/generate');
    await open('/onboarding/business-info');
    expect(requested).toEqual([]);
  });

  it('loads the app shell and the screen before showing them to a signed-in user', async () => {
    signIn();
    const router = await open('/sales/orders/generate');
    expect(requested).toHaveLength(2);
    expect(new Set(requested)).toEqual(new Set(loadsAt('/sales/orders/generate')));
    router.dispose();
  });

  it('does not load store screens for a user without a store (onboarding comes first)', async () => {
    signIn(null);
    await open('/home');
    expect(requested).toEqual([]);
    await open('/onboarding/business-info');
    expect(new Set(requested)).toEqual(new Set(loadsAt('/onboarding/business-info')));
  });

  it('loads a public screen as before', async () => {
    await open('/auth/sign-up');
    expect(requested).toEqual(loadsAt('/auth/sign-up'));
  });

  it('has the sign-in screen at hand without loading anything', async () => {
    await open('/auth/sign-in');
    expect(requested).toEqual([]);
  });
});
