import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { specCalls } from '../../test/calls-table.js';
import { createMerchant, type Merchant } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

/** The spec's wallet calls and the Settings calls of plans and payments (issue 17). */
const calls = specCalls().filter(
  (c) =>
    c.area === 'wallet' || (c.area === 'settings' && /^\/api\/v1\/(subscription|payment)\b/.test(c.path)),
);

let t: TestApp;
let m: Merchant;
beforeAll(async () => {
  t = await createTestApp({ WALLET_RECONCILE_SECONDS: '0' });
  m = await createMerchant(t);
});
afterAll(async () => t.close());

describe('the spec’s wallet, subscription and payment calls', () => {
  it('are all listed', () => {
    expect(calls.length).toBe(12);
  });

  it.each(calls)('$method $path exists and needs a session', async ({ method, path: p }) => {
    for (const token of [null, m.token]) {
      const res = await t.call(method, p, { token, query: { storeId: m.storeId } });
      // An existing route answers with its own status (401, 400 for a missing body …), never "No route".
      expect(res.body?.message ?? '').not.toMatch(/^No route/);
      expect(res.status).toBeLessThan(500);
      if (!token) expect(res.status).toBe(401);
    }
  });
});
