// The yardstick for bench/orders-throughput.mjs: a bare Fastify route that runs the same order
// transaction as POST /api/v1/order (read the products, take stock by one conditional update, write
// the stock ledger, number the order, write the order, its lines, the payment and an audit row)
// through the same driver (better-sqlite3 or pg) on the same database, with no session, no
// validation, no query builder and no services. Env: PORT, DATABASE_URL, STORE_ID.
import { randomUUID } from 'node:crypto';
import BetterSqlite3 from 'better-sqlite3';
import Fastify from 'fastify';
import pg from 'pg';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const url = process.env.DATABASE_URL;
const storeId = process.env.STORE_ID;
const sqlite = url.startsWith('sqlite:');
const main = process.argv[1] === fileURLToPath(import.meta.url);

const pad = (n) => String(n).padStart(6, '0');

const ORDER_COLUMNS = [
  'id',
  'store_id',
  'number',
  'status',
  'payment_state',
  'channel',
  'payment_type',
  'customer_id',
  'customer_name',
  'customer_phone',
  'customer_email',
  'subtotal',
  'discount',
  'discount_id',
  'discount_code',
  'tax',
  'taxes',
  'tax_inclusive',
  'shipping',
  'shipping_id',
  'shipping_name',
  'total',
  'amount_received',
  'amount_outstanding',
  'change_due',
  'refunded_total',
  'amount_refunded',
  'currency',
  'notes',
  'created_by_id',
  'created_by_name',
  'invoice_number',
  'invoice_issued_at',
  'created_at',
  'updated_at',
  'completed_at',
  'cancelled_at',
  'refunded_at',
];
const ITEM_COLUMNS = [
  'id',
  'store_id',
  'order_id',
  'line_no',
  'product_id',
  'name',
  'sku',
  'unit_price',
  'list_price',
  'cost_price',
  'quantity',
  'discount',
  'total',
  'order_discount',
  'tax',
  'quantity_refunded',
];
const MOVEMENT_COLUMNS = [
  'id',
  'store_id',
  'product_id',
  'reason',
  'quantity_change',
  'quantity_before',
  'quantity_after',
  'actor_type',
  'actor_id',
  'actor_name',
  'reference_type',
  'reference_id',
  'note',
  'created_at',
];
const PAYMENT_COLUMNS = [
  'id',
  'store_id',
  'number',
  'order_id',
  'order_number',
  'customer_id',
  'customer_name',
  'amount',
  'payment_mode',
  'payment_date',
  'reference',
  'note',
  'source',
  'recorded_by_id',
  'recorded_by_name',
  'created_at',
];
const AUDIT_COLUMNS = [
  'id',
  'store_id',
  'actor_type',
  'actor_id',
  'actor_name',
  'action',
  'entity',
  'entity_id',
  'summary',
  'before',
  'after',
  'ip',
  'user_agent',
  'created_at',
];

/** `insert into t (cols) values (…), (…)` with `?` or `$n` placeholders. */
function insertSql(table, columns, rows) {
  let n = 0;
  const one = () => `(${columns.map(() => (sqlite ? '?' : `$${++n}`)).join(', ')})`;
  return `insert into ${table} (${columns.join(', ')}) values ${Array.from({ length: rows }, one).join(', ')}`;
}
const TOKENS = { 'orders.number': '\uE000o\uE001', 'payments_received.number': '\uE000p\uE001' };
const PREFIX = { 'orders.number': 'ORD-', 'payments_received.number': 'PAY-' };

/**
 * Takes the numbers of `sequences` and inserts [table, columns, rows] parts whose values hold the
 * numbers' stand-ins (TOKENS), as the app's InsertBatch does: on PostgreSQL one statement (the
 * counters bump and every insert as CTEs, stand-ins replaced in SQL); on SQLite the bump, then one
 * insert per part. Returns the numbers by sequence.
 */
async function writeAll(q, parts, sequences) {
  if (sqlite) {
    const rows = await q.all(
      BUMP(sequences.length),
      sequences.flatMap((name) => [storeId, name]),
    );
    const numbers = new Map(rows.map((r) => [r.name, `${PREFIX[r.name]}${pad(Number(r.value))}`]));
    const put = (v) => {
      if (typeof v !== 'string' || !v.includes('\uE000')) return v;
      for (const [name, number] of numbers) v = v.replaceAll(TOKENS[name], number);
      return v;
    };
    for (const [table, columns, rows] of parts)
      await q.run(insertSql(table, columns, rows.length), rows.flat().map(put));
    return numbers;
  }
  let n = sequences.length * 2;
  const params = parts.flatMap(([, , rows]) => rows.flat());
  const number = (name) =>
    `(select '${PREFIX[name]}' || case when value < 1000000 then lpad(value::text, 6, '0') else value::text end from n where name = '${name}')`;
  const value = () => {
    const v = params[n - sequences.length * 2];
    let e = `$${++n}`;
    if (typeof v === 'string' && v.includes('\uE000')) {
      for (const name of sequences)
        if (v.includes(TOKENS[name])) e = `replace(${e}, '${TOKENS[name]}', ${number(name)})`;
    }
    return e;
  };
  const insert = ([table, columns, rows]) =>
    `insert into ${table} (${columns.join(', ')}) values ${rows.map(() => `(${columns.map(value).join(', ')})`).join(', ')}`;
  const pairs = sequences.map((_, i) => `($${i * 2 + 1}, $${i * 2 + 2}, 1)`).join(', ');
  const ctes = [
    `n as (insert into counters (store_id, name, value) values ${pairs} on conflict (store_id, name) do update set value = counters.value + excluded.value returning name, value)`,
    ...parts.map((p, i) => `w${i} as (${insert(p)})`),
  ];
  // The sale's last statement: it commits the transaction in the same message group, as the
  // app's does (decision 0014).
  const rows = await q.all(`${COMMIT_WITH_STATEMENT}with ${ctes.join(', ')} select name, value from n`, [
    ...sequences.flatMap((name) => [storeId, name]),
    ...params,
  ]);
  return new Map(rows.map((r) => [r.name, `${PREFIX[r.name]}${pad(Number(r.value))}`]));
}
const ph = (sql) => {
  if (sqlite) return sql;
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};

const SELECT_PRODUCTS = (k) =>
  ph(
    `select id, name, sku, price, sale_price, cost_price, track_stock, quantity, status from products where store_id = ? and id in (${Array(k).fill('?').join(', ')})`,
  );
// The app's own stock update text (one statement for all the order's products), from the build.
const { takeStockText } = await import('../apps/server/dist/modules/products/stock.service.js');
const { COMMIT_WITH_STATEMENT, preparingClient } = await import('../apps/server/dist/db/pg-prepared.js');
const takeStockTexts = [];
const TAKE_STOCK = (k) => (takeStockTexts[k] ??= ph(takeStockText(sqlite ? 'sqlite' : 'postgres', k)));
/** The order's number and, when money came with it, its payment's, in one statement (as the app does). */
const BUMP = (k) =>
  ph(
    `insert into counters (store_id, name, value) values ${Array(k).fill('(?, ?, 1)').join(', ')} on conflict (store_id, name) do update set value = counters.value + excluded.value returning name, value`,
  );

/** The transaction, written once against a tiny query interface both engines provide. */
export async function placeOrder(q, body) {
  const now = new Date().toISOString();
  const orderId = randomUUID();
  const ids = body.items.map((i) => i.product_id);
  const products = new Map(
    (await q.all(SELECT_PRODUCTS(ids.length), [storeId, ...ids])).map((p) => [p.id, p]),
  );
  const lines = body.items.map((i) => {
    const p = products.get(i.product_id);
    const price = Number(p.sale_price ?? p.price);
    return { p, quantity: i.quantity, price, total: price * i.quantity };
  });
  // All the products' stock in one conditional update, as the app takes it.
  const sorted = [...lines].sort((a, b) => (a.p.id < b.p.id ? -1 : 1));
  const pairs = sorted.flatMap((l) => [l.p.id, -l.quantity]);
  const sortedIds = sorted.map((l) => l.p.id);
  const taken = new Map(
    (
      await q.all(
        TAKE_STOCK(sorted.length),
        sqlite ? [...pairs, now, storeId, ...sortedIds] : [storeId, ...sortedIds, now, ...pairs],
      )
    ).map((r) => [r.id, Number(r.quantity)]),
  );
  const movements = [];
  for (const line of sorted) {
    const after = taken.get(line.p.id);
    if (after === undefined) {
      throw Object.assign(new Error(`"${line.p.name}" is out of stock`), { statusCode: 409 });
    }
    movements.push([
      randomUUID(),
      storeId,
      line.p.id,
      'sale',
      -line.quantity,
      after + line.quantity,
      after,
      'user',
      null,
      'bench',
      'order',
      orderId,
      null,
      now,
    ]);
  }
  const total = lines.reduce((s, l) => s + l.total, 0);
  const received = Math.min(total, body.amount_received ?? 0);
  const sequences = received > 0 ? ['orders.number', 'payments_received.number'] : ['orders.number'];
  const number = TOKENS['orders.number'];
  const order = [
    orderId,
    storeId,
    number,
    received === total ? 'success' : 'pending',
    received === total ? 'paid' : 'unpaid',
    'pos',
    body.payment_type,
    null,
    null,
    null,
    null,
    total,
    0,
    null,
    null,
    0,
    '[]',
    0,
    0,
    null,
    null,
    total,
    received,
    total - received,
    (body.amount_received ?? 0) - received,
    0,
    0,
    'NGN',
    null,
    null,
    'bench',
    null,
    null,
    now,
    now,
    now,
    null,
    null,
  ];
  const items = lines.map((l, i) => [
    randomUUID(),
    storeId,
    orderId,
    i + 1,
    l.p.id,
    l.p.name,
    l.p.sku,
    l.price,
    Number(l.p.price),
    l.p.cost_price,
    l.quantity,
    0,
    l.total,
    0,
    0,
    0,
  ]);
  // The rows are written together with taking the numbers, as the app's InsertBatch does:
  // one statement on PostgreSQL, the bump and one insert per table on SQLite.
  const writes = [
    ['stock_movements', MOVEMENT_COLUMNS, movements],
    ['orders', ORDER_COLUMNS, [order]],
    ['order_items', ITEM_COLUMNS, items],
  ];
  if (received > 0) {
    const pay = TOKENS['payments_received.number'];
    writes.push([
      'payments_received',
      PAYMENT_COLUMNS,
      [
        [
          randomUUID(),
          storeId,
          pay,
          orderId,
          number,
          null,
          null,
          received,
          body.payment_type,
          now,
          null,
          null,
          'order',
          null,
          'bench',
          now,
        ],
      ],
    ]);
  }
  writes.push([
    'audits',
    AUDIT_COLUMNS,
    [
      [
        randomUUID(),
        storeId,
        'user',
        null,
        'bench',
        'order.created',
        'order',
        orderId,
        `Order ${number} placed`,
        null,
        JSON.stringify({ number, total }),
        '127.0.0.1',
        'bench',
        now,
      ],
    ],
  ]);
  const numbers = await writeAll(q, writes, sequences);
  return {
    id: orderId,
    number: numbers.get('orders.number'),
    total,
    amount_received: received,
    items: items.length,
  };
}

/** Runs the order transaction once (exported so it can be timed without HTTP). */
export let transaction;
if (sqlite) {
  const db = new BetterSqlite3(url.slice('sqlite:'.length));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  // As the app's server does (apps/server/src/db/connection.ts): checkpoints in a worker thread.
  if (process.env.BARE_INLINE_CHECKPOINT !== '1') {
    const { FALLBACK_AUTOCHECKPOINT_PAGES, startCheckpointer } =
      await import('../apps/server/dist/db/checkpointer.js');
    db.pragma(`journal_size_limit = ${64 * 1024 * 1024}`);
    db.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
    startCheckpointer(path.resolve(url.slice('sqlite:'.length)));
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
  // better-sqlite3 is synchronous: one transaction at a time, as in the app's connection queue.
  let tail = Promise.resolve();
  transaction = (body) => {
    const work = tail.then(async () => {
      db.exec('begin immediate');
      try {
        const result = await placeOrder(q, body);
        db.exec('commit');
        return result;
      } catch (error) {
        db.exec('rollback');
        throw error;
      }
    });
    tail = work.catch(() => undefined);
    return work;
  };
} else {
  // The app's pg client (from the build): frequent statements run as named prepared statements
  // (decision 0012), BEGIN goes with the first statement and COMMIT with the last marked one
  // (decision 0014), as the SQLite route above reuses its prepared statements.
  const pool = new pg.Pool({ connectionString: url, max: 10, Client: preparingClient() });
  pool.on('release', (_error, client) => client.forgetPendingBegin());
  transaction = async (body) => {
    const client = await pool.connect();
    const q = {
      all: async (sql, params) => (await client.query(sql, params)).rows,
      get: async (sql, params) => (await client.query(sql, params)).rows[0],
      run: async (sql, params) => client.query(sql, params),
    };
    try {
      await client.query('begin');
      const result = await placeOrder(q, body);
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback');
      throw error;
    } finally {
      client.release();
    }
  };
}

if (main) await serve();

async function serve() {
  const app = Fastify({ logger: false });
  app.post('/order', async (request, reply) => {
    try {
      reply.code(201);
      return { success: true, message: 'Order created', data: await transaction(request.body) };
    } catch (error) {
      reply.code(error.statusCode ?? 500);
      return { success: false, message: error.message };
    }
  });
  app.get('/ready', async () => ({ status: 'ready' }));
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
  process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
}
