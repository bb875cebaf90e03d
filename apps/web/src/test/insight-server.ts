import { vi } from 'vitest';
import { saveSession } from '../lib/session';
import { jsonResponse } from './render';

/**
 * A signed-in owner of store s1 (naira, Lagos) and a stand-in server for the dashboard and
 * report screens' tests: `answers` maps a path under /api/v1 to the answer's `data`, or to a
 * status and message for a failure. Anything else answers 404.
 */
export function insightServer(
  answers: Record<string, unknown | { fail: number; message: string }>,
  permissions = ['reports.view', 'orders.create', 'orders.view', 'products.view', 'products.manage'],
) {
  saveSession({
    token: 'tok_1234567890abcdefghij',
    user: { id: 'u1', email: 'ada@example.ng', business_name: 'Ada Provisions' } as never,
    store: { id: 's1', business_name: 'Ada Provisions' },
  });
  const store = {
    id: 's1',
    business_name: 'Ada Provisions',
    currency: 'NGN',
    timezone: 'Africa/Lagos',
    role: { id: 'r1', name: 'Owner' },
  };
  const fetch = vi.fn(async (input: string | URL | Request) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(/^\/api\/v1/, '');
    if (path === '/user/singleuser') {
      return jsonResponse(200, {
        success: true,
        message: '',
        data: { user: { id: 'u1', first_name: 'Ada' }, store, stores: [store], permissions },
      });
    }
    if (!(path in answers)) return jsonResponse(404, { success: false, message: `No ${path}` });
    const answer = answers[path] as { fail?: number; message?: string };
    if (answer && typeof answer === 'object' && 'fail' in answer) {
      return jsonResponse(answer.fail!, { success: false, message: answer.message });
    }
    return jsonResponse(200, { success: true, message: '', data: answer });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** The query of every call made to a path, in order. */
export const queriesOf = (fetch: ReturnType<typeof insightServer>, path: string) =>
  fetch.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === `/api/v1${path}`)
    .map((url) => Object.fromEntries(url.searchParams));
