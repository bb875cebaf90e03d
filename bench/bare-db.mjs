// What the bare yardsticks (bench/bare-order-server.mjs, bench/bare-wallet-server.mjs) share: the
// database opened as the app's server opens it, a transaction over a tiny query interface both
// engines provide ({ all, get, run }), and the bare Fastify server around one POST route; and, for
// the benches that measure beside them, starting one (`startBare`).
import { spawn } from 'node:child_process';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import Fastify from 'fastify';
import { root } from './lib.mjs';

/** `?` placeholders as PostgreSQL's `$1`, `$2`, … */
export function dollarParams(sql) {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

/**
 * SQLite as the app's server opens it (apps/server/src/db/connection.ts): WAL, checkpoints in a
 * worker thread (unless `inlineCheckpoint`, to show what that costs), statements prepared once.
 * better-sqlite3 is synchronous: one transaction at a time, as in the app's connection queue.
 */
export async function openBareSqlite(file, { inlineCheckpoint = false } = {}) {
  const db = new BetterSqlite3(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  if (!inlineCheckpoint) {
    const { FALLBACK_AUTOCHECKPOINT_PAGES, startCheckpointer } =
      await import('../apps/server/dist/db/checkpointer.js');
    db.pragma(`journal_size_limit = ${64 * 1024 * 1024}`);
    db.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
    startCheckpointer(path.resolve(file));
  }
  const cache = new Map();
  const prepare = (sql) => {
    let s = cache.get(sql);
    if (!s) cache.set(sql, (s = db.prepare(sql)));
    return s;
  };
  const q = {
    all: async (sql, params) => prepare(sql).all(params),
    get: async (sql, params) => prepare(sql).get(params),
    run: async (sql, params) => prepare(sql).run(params),
  };
  let tail = Promise.resolve();
  const transaction = (work) => {
    const run = tail.then(async () => {
      db.exec('begin immediate');
      try {
        const result = await work(q);
        db.exec('commit');
        return result;
      } catch (error) {
        db.exec('rollback');
        throw error;
      }
    });
    tail = run.catch(() => undefined);
    return run;
  };
  return { db, q, transaction };
}

/**
 * PostgreSQL through `pool` (made by the caller, with its client): `q` on the pool, and
 * `transaction(work)` running `work` on one client between begin and commit. `sql` turns a
 * statement's text into the one sent (the wallet writes `?`, see `dollarParams`).
 */
export function pgBare(pool, sql = (text) => text) {
  const on = (client) => ({
    all: async (text, params) => (await client.query(sql(text), params)).rows,
    get: async (text, params) => (await client.query(sql(text), params)).rows[0],
    run: async (text, params) => client.query(sql(text), params),
  });
  const transaction = async (work) => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      const result = await work(on(client));
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback');
      throw error;
    } finally {
      client.release();
    }
  };
  return { q: on(pool), transaction };
}

/**
 * The bare server: `answer` at POST `route` (an error answers its `statusCode`, else 500, with its
 * message), GET /ready, on PORT; SIGTERM closes it.
 */
export async function serveBare(route, answer) {
  const app = Fastify({ logger: false });
  app.post(route, async (request, reply) => {
    try {
      return await answer(request, reply);
    } catch (error) {
      reply.code(error.statusCode ?? 500);
      return { success: false, message: error.message };
    }
  });
  app.get('/ready', async () => ({ status: 'ready' }));
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
  process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
}

/**
 * Starts the bare route `bench/<script>` on `port` with `env` (node given `nodeArgs` first);
 * resolves once its /ready answers: `{ base, pid, stop }`.
 */
export async function startBare(script, { port, env = {}, nodeArgs = [] }) {
  const child = spawn(process.execPath, [...nodeArgs, path.join(root, 'bench', script)], {
    cwd: root,
    env: { ...process.env, PORT: String(port), ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${base}/ready`)).ok) {
        const stop = () =>
          new Promise((resolve) => {
            child.once('exit', resolve);
            child.kill('SIGTERM');
          });
        return { base, pid: child.pid, stop };
      }
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('bare server did not start');
}
