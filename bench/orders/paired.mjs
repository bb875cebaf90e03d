// The order path of this checkout against another one's, in the same run: both built servers
// run at once on the same core, each on its own fresh database of the same engine, and each
// gets the same load (3-line POS orders, half the connections each) at the same time. Whatever
// the machine's speed does during a round, it does to both, so the ratio of the orders each
// completed is the ratio of their speeds (this machine's speed drifts by 10–20% from minute to
// minute, which separate runs cannot tell from a change). Each round also prints each server's
// CPU time per accepted order (from /proc), which other work on the machine hardly moves.
//
// Run: npm run build && node bench/orders/paired.mjs /path/to/other/checkout
//      (the other checkout built too: npm run build -w @tillbook/contract -w @tillbook/server)
// Env: ENGINES (sqlite,postgres), ROUNDS (5), DURATION (s a round, 10), WARMUP (s, 5),
//      CONNECTIONS (10, split between the two), SERVER_CPU (0), BENCH_PG_URL.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { cpuMsOf, root, startServer } from '../lib.mjs';
import { orderBody, setUpStore } from './shop.mjs';

const other = process.argv[2];
if (!other) throw new Error('usage: node bench/orders/paired.mjs /path/to/other/checkout');
const ENGINES = (process.env.ENGINES ?? 'sqlite,postgres').split(',');
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const DURATION = Number(process.env.DURATION ?? 10);
const WARMUP = Number(process.env.WARMUP ?? 5);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);
const SERVER_CPU = Number(process.env.SERVER_CPU ?? 0);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function admin(text) {
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  await c.query(text);
  await c.end();
}

async function start(engine, serverRoot, port) {
  let databaseUrl;
  let drop = async () => {};
  if (engine === 'postgres') {
    const name = `tillbook_paired_${randomBytes(4).toString('hex')}`;
    await admin(`create database ${name}`);
    const u = new URL(PG_URL);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
    drop = () => admin(`drop database if exists ${name} with (force)`);
  }
  const server = await startServer({ port, databaseUrl, cpu: SERVER_CPU, serverRoot });
  const shop = await setUpStore(server.base);
  return { ...server, shop, drop };
}

const load = (server, connections, duration) =>
  autocannon({
    url: `${server.base}/api/v1/order`,
    connections,
    duration,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: server.shop.token },
        setupRequest: (req) => ({ ...req, body: orderBody(server.shop.productIds) }),
      },
    ],
  });

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

for (const engine of ENGINES) {
  const mine = await start(engine, root, 3411);
  const theirs = await start(engine, path.resolve(other), 3412);
  try {
    const half = Math.max(1, Math.floor(CONNECTIONS / 2));
    await Promise.all([load(mine, half, WARMUP), load(theirs, half, WARMUP)]);
    const ratios = [];
    const cpus = { mine: [], theirs: [] };
    for (let round = 1; round <= ROUNDS; round++) {
      const cpuBefore = [cpuMsOf(mine.pid), cpuMsOf(theirs.pid)];
      const [a, b] = await Promise.all([load(mine, half, DURATION), load(theirs, half, DURATION)]);
      const cpuA = (cpuMsOf(mine.pid) - cpuBefore[0]) / a['2xx'];
      const cpuB = (cpuMsOf(theirs.pid) - cpuBefore[1]) / b['2xx'];
      cpus.mine.push(cpuA);
      cpus.theirs.push(cpuB);
      const failed = a.non2xx + a.errors + b.non2xx + b.errors;
      const ratio = a['2xx'] / b['2xx'];
      ratios.push(ratio);
      process.stdout.write(
        `${engine} ${round}: this checkout ${(a['2xx'] / DURATION).toFixed(0)} orders/s, other ${(b['2xx'] / DURATION).toFixed(0)} orders/s, ratio ${ratio.toFixed(3)}; server CPU ${cpuA.toFixed(3)} vs ${cpuB.toFixed(3)} ms/order${failed ? ` (${failed} failed)` : ''}\n`,
      );
    }
    process.stdout.write(
      `${engine} median ratio of ${ROUNDS}: ${median(ratios).toFixed(3)} (range ${Math.min(...ratios).toFixed(3)}–${Math.max(...ratios).toFixed(3)}); median server CPU ${median(cpus.mine).toFixed(3)} vs ${median(cpus.theirs).toFixed(3)} ms/order\n`,
    );
  } finally {
    await mine.stop();
    await theirs.stop();
    await mine.drop();
    await theirs.drop();
  }
}
