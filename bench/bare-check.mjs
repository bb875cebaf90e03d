// CI's check that the bare order route (bench/bare-order-server.mjs, the yardstick of
// bench/orders-throughput.mjs) still runs against today's tables: the built server makes a store
// on a fresh SQLite database, then the bare route sells one order in it, which must answer 201
// with an ORD- number and leave the books as the app would (the order, its lines, the ledger).
// Exits non-zero otherwise. It measures nothing. Needs the server built (npm run build).
//
// Run: node bench/bare-check.mjs
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { root, startServer } from './lib.mjs';
import { orderBody, setUpStore } from './orders/shop.mjs';

const PORT = Number(process.env.PORT ?? 3431);

function startBare(databaseUrl, storeId) {
  const child = spawn(process.execPath, [path.join(root, 'bench/bare-order-server.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: String(PORT + 1), DATABASE_URL: databaseUrl, STORE_ID: storeId },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = () => {
    child.kill('SIGTERM');
    return exited;
  };
  return { child, exited, stop, base: `http://127.0.0.1:${PORT + 1}` };
}

async function ready(bare) {
  for (let i = 0; i < 100; i++) {
    if (bare.child.exitCode !== null) throw new Error(`the bare route exited (${bare.child.exitCode})`);
    try {
      if ((await fetch(`${bare.base}/ready`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the bare route did not start');
}

const server = await startServer({ port: PORT });
const databaseUrl = `sqlite:${path.join(server.dataDir, 'app.db')}`;
let bare;
let serverUp = true;
try {
  const shop = await setUpStore(server.base);
  await server.stop();
  serverUp = false;
  bare = startBare(databaseUrl, shop.storeId);
  await ready(bare);
  const res = await fetch(`${bare.base}/order`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: orderBody(shop.productIds),
  });
  const answer = await res.json();
  if (res.status !== 201 || !/^ORD-\d+$/.test(answer.data?.number ?? '')) {
    throw new Error(`the bare route answered ${res.status}: ${JSON.stringify(answer)}`);
  }
  await bare.stop();
  bare = null;
  const db = new Database(databaseUrl.slice('sqlite:'.length), { readonly: true });
  const count = (sql) => db.prepare(sql).get(answer.data.id).n;
  const lines = count('select count(*) as n from order_items where order_id = ?');
  const ledger = count(
    `select count(*) as n from stock_movements where reference_id = ? and reason = 'sale'`,
  );
  db.close();
  if (lines !== answer.data.items || ledger !== answer.data.items) {
    throw new Error(
      `order ${answer.data.number}: ${lines} lines and ${ledger} ledger rows for ${answer.data.items} items`,
    );
  }
  console.log(`bare order route: ${answer.data.number} sold, ${lines} lines and ledger rows written`);
} catch (error) {
  console.error(`bare order route check failed: ${error.message}`);
  process.exitCode = 1;
} finally {
  if (bare) await bare.stop();
  if (serverUp) await server.stop();
  rmSync(server.dataDir, { recursive: true, force: true });
}
