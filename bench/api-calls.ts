// What an API call costs with the per-user/per-key rate limit and, for a key, the metering and
// audit row (decision 0033). In-process (app.inject), sequential, on a fresh database.
// Usage: node --conditions=source --import tsx bench/api-calls.ts [calls]
//        TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --conditions=source --import tsx bench/api-calls.ts
import { performance } from 'node:perf_hooks';
import { RateLimiter } from '../apps/server/src/lib/rate-limiter.js';
import { createMerchant } from '../apps/server/src/test/fixtures.js';
import { createTestApp } from '../apps/server/src/test/harness.js';

const calls = Number(process.argv[2] ?? 1000);
const t = await createTestApp({ API_KEY_CALLS_PER_MINUTE: '1000000', API_USER_CALLS_PER_MINUTE: '1000000' });
try {
  const m = await createMerchant(t);
  for (let i = 0; i < 20; i++) {
    await t.call('POST', '/product/create', {
      token: m.token,
      body: { name: `Bench item ${i}`, price: 1000 },
    });
  }
  const key = async (env: string) =>
    (await t.call('GET', '/developer/generate-keys', { token: m.token, query: { env, type: 'secret' } })).body
      .data.value as string;
  const live = await key('production');
  const sandbox = await key('sandbox');
  // The live allowance of the free plan would stop the run at 250: raise the month's count
  // condition out of the way by putting the store on an unmetered footing for the bench.
  await t.db
    .insertInto('subscriptions')
    .values({
      id: 'bench-sub',
      store_id: m.storeId,
      plan_code: 'ENT001',
      plan_name: 'ENTERPRISE',
      amount: 0,
      currency: 'NGN',
      start_date: '2000-01-01',
      end_date: '2999-12-31',
      wallet_transaction_id: null,
      actor_id: null,
      created_at: new Date().toISOString(),
    })
    .execute();

  const time = async (label: string, run: () => Promise<unknown>) => {
    for (let i = 0; i < 50; i++) await run();
    const start = performance.now();
    for (let i = 0; i < calls; i++) await run();
    const ms = (performance.now() - start) / calls;
    console.log(`${label.padEnd(52)} ${(ms * 1000).toFixed(0).padStart(6)} µs/call`);
  };
  const list = (authorization: string) => () =>
    t.call('GET', '/product/paginated/results', { headers: { authorization } });
  const limiter = new RateLimiter(t.db, t.clock);
  console.log(`${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite'}, ${calls} sequential calls each`);
  await time('rate-limit counter alone (RateLimiter.hit)', () => limiter.hit('bench:user', 60_000));
  await time('product list page, session (includes the counter)', list(m.token));
  await time('product list page, sandbox secret key', list(`Bearer ${sandbox}`));
  await time('product list page, live secret key (metered)', list(`Bearer ${live}`));
} finally {
  await t.close();
}
