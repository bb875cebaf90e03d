import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { specCalls } from '../../test/calls-table.js';
import { createMerchant, type Merchant } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

const SALES_AREAS = new Set(['orders', 'discounts', 'payments-received']);

const calls = specCalls().filter((c) => SALES_AREAS.has(c.area));

let t: TestApp;
let m: Merchant;
beforeAll(async () => {
  t = await createTestApp();
  m = await createMerchant(t);
});
afterAll(async () => t.close());

describe('the spec’s sales calls', () => {
  it('are all listed', () => {
    expect(calls.length).toBe(16);
  });

  it.each(calls)('$method $path exists', async ({ method, path: p }) => {
    for (const token of [null, m.token]) {
      const res = await t.call(method, p, { token, query: { storeId: m.storeId } });
      // An existing route answers with its own status (401, 400, 404 for a record …), never "No route".
      expect(res.body?.message ?? '').not.toMatch(/^No route/);
      expect(res.status).toBeLessThan(500);
      if (!token) expect(res.status).toBe(401);
    }
  });
});
