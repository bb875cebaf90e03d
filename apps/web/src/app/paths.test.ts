import { matchPath, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths } from '../config/paths';
import { routes } from './router';

function patternsOf(list: RouteObject[]): string[] {
  return list.flatMap((r) => [...(r.path ? [r.path] : []), ...patternsOf(r.children ?? [])]);
}

describe('screen paths', () => {
  const patterns = patternsOf(routes).filter((p) => p !== '*');
  const routeOf = (url: string) => {
    const pathname = new URL(url, 'http://tillbook.test').pathname;
    return patterns.find((pattern) => matchPath({ path: pattern, end: true }, pathname));
  };

  it('every address is a route of the router', () => {
    for (const [name, value] of Object.entries(paths)) {
      const url = typeof value === 'function' ? value('01HZX-id') : value;
      expect(routeOf(url), `${name}: ${url}`).toBeDefined();
    }
  });

  it('fills parameters in and keeps what is typed by a person safe in the address', () => {
    expect(paths.order('o-1')).toBe('/sales/orders/details/o-1');
    expect(paths.emailOtpFor('ada+shop@example.ng')).toBe('/auth/email-otp?email=ada%2Bshop%40example.ng');
    expect(routeOf(paths.vendorEdit('v-9'))).toBe('/purchase/vendors/edit/:id');
  });
});
