// How long a product import takes that changes the price of every one of 10,000 products (each
// then writes its `product.updated` audit row, decision 0036 addendum). Runs the real app on a
// fresh database through the test harness (SQLite; PostgreSQL with TEST_DATABASE_URL):
//   node --conditions=source --import tsx bench/catalogue/import-price-updates.ts [--runs=5]
import { createMerchant } from '../../apps/server/src/test/fixtures.js';
import { createTestApp } from '../../apps/server/src/test/harness.js';
import { fileUpload } from '../../apps/server/src/test/multipart.js';

/** One line of the measurement on standard output. */
const say = (text: string) => process.stdout.write(`${text}\n`);

const ROWS = 10_000;
const runs = Number(process.argv.find((a) => a.startsWith('--runs='))?.slice(7) ?? 5);

const t = await createTestApp();
try {
  const m = await createMerchant(t);
  const file = (price: number) =>
    [
      'name,sku,price',
      ...Array.from({ length: ROWS }, (_, i) => `Item ${i},BENCH-${i},${price + (i % 7)}`),
    ].join('\n');
  const upload = async (csv: string) => {
    const started = performance.now();
    const res = await t.call('POST', '/product/upload', {
      token: m.token,
      ...fileUpload(csv, 'bench.csv', 'text/csv'),
    });
    if (res.status !== 200) throw new Error(JSON.stringify(res.body).slice(0, 300));
    return { ms: performance.now() - started, data: res.body.data as { created: number; updated: number } };
  };
  const created = await upload(file(100));
  say(`create ${ROWS}: ${Math.round(created.ms)} ms (${created.data.created} created)`);
  const times: number[] = [];
  for (let run = 1; run <= runs; run++) {
    const updated = await upload(file(100 + run * 10));
    if (updated.data.updated !== ROWS)
      throw new Error(`expected ${ROWS} updated, got ${updated.data.updated}`);
    times.push(updated.ms);
  }
  times.sort((a, b) => a - b);
  const audits = await t.db
    .selectFrom('audits')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('action', '=', 'product.updated')
    .executeTakeFirstOrThrow();
  say(
    `${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite'}: import changing ${ROWS} prices, ${runs} runs: median ${Math.round(times[Math.floor(times.length / 2)]!)} ms, slowest ${Math.round(times.at(-1)!)} ms; product.updated rows: ${Number(audits.n)}`,
  );
} finally {
  await t.close();
}
