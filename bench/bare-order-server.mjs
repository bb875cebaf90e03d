// The yardstick for bench/orders-throughput.mjs: a bare Fastify route that runs the same order
// transaction as POST /api/v1/order (read the products, take stock by one conditional update, write
// the stock ledger, number the order, write the order, its lines, the payment and an audit row)
// through the same driver (better-sqlite3 or pg) on the same database, with no session, no
// validation, no query builder and no services. Env: PORT, DATABASE_URL, STORE_ID.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { fileURLToPath } from 'node:url';
import { dollarParams, openBareSqlite, pgBare, serveBare } from './bare-db.mjs';

const url = process.env.DATABASE_URL;
const storeId = process.env.STORE_ID;
const sqlite = url.startsWith('sqlite:');
const main = process.argv[1] === fileURLToPath(import.meta.url);

const pad = (n) => String(n).padStart(6, '0');

/**
 * The columns of the tables the sale writes, read from the database when the route starts (the
 * app's migrations made it), so that the rows below cannot drift from the tables: a row is an
 * object named by column, a column it does not name is written as null (every column the app
 * adds later is nullable or has a default, or the insert fails and the bare check in CI with
 * it), and a name that is no column of the table stops the route at its first order.
 */
const TABLES = ['stock_movements', 'orders', 'order_items', 'payments_received', 'audits'];
const columnsOf = new Map();
const missing = () => TABLES.filter((t) => !columnsOf.get(t)?.length);

/** The values of `row` in the order of `table`'s columns. */
function valuesOf(table, row) {
  const columns = columnsOf.get(table);
  for (const name of Object.keys(row)) {
    if (!columns.includes(name)) throw new Error(`bare order route: ${table} has no column ${name}`);
  }
  return columns.map((c) => row[c] ?? null);
}

/** `insert into t (cols) values (…), (…)` with `?` or `$n` placeholders. */
function insertSql(table, columns, rows) {
  let n = 0;
  const one = () => `(${columns.map(() => (sqlite ? '?' : `$${++n}`)).join(', ')})`;
  return `insert into ${table} (${columns.join(', ')}) values ${Array.from({ length: rows }, one).join(', ')}`;
}
const TOKENS = { 'orders.number': '\uE000o\uE001', 'payments_received.number': '\uE000p\uE001' };
const PREFIX = { 'orders.number': 'ORD-', 'payments_received.number': 'PAY-' };

/**
 * Takes the numbers of `sequences` and inserts [table, rows] parts whose values hold the
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
    for (const [table, rows] of parts)
      await q.run(
        insertSql(table, columnsOf.get(table), rows.length),
        rows.flatMap((row) => valuesOf(table, row)).map(put),
      );
    return numbers;
  }
  let n = sequences.length * 2;
  const params = parts.flatMap(([table, rows]) => rows.flatMap((row) => valuesOf(table, row)));
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
  const insert = ([table, rows]) => {
    const columns = columnsOf.get(table);
    return `insert into ${table} (${columns.join(', ')}) values ${rows.map(() => `(${columns.map(value).join(', ')})`).join(', ')}`;
  };
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
const ph = (sql) => (sqlite ? sql : dollarParams(sql));

const SELECT_PRODUCTS = (k) =>
  ph(
    `select id, name, sku, price, sale_price, cost_price, track_stock, quantity, status from products where store_id = ? and id in (${Array(k).fill('?').join(', ')})`,
  );
// The app's own stock update text (one statement for all the order's products), from the build.
const { STOCK_STAMP_MS, moveProductsText, takeStockText } =
  await import('../apps/server/dist/modules/products/stock.service.js');
const { COMMIT_WITH_STATEMENT, preparingClient } = await import('../apps/server/dist/db/pg-prepared.js');
const takeStockTexts = [];
// Each product is sold as its own variant (decision 0064): k variants of k products.
const TAKE_STOCK = (k) => (takeStockTexts[k] ??= ph(takeStockText(sqlite ? 'sqlite' : 'postgres', k, k)));
const moveTexts = [];
const MOVE_PRODUCTS = (k) => (moveTexts[k] ??= moveProductsText(k));
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
  // All the products' stock in one conditional update of their variants, as the app takes it,
  // with its parameters in the app's order (`takeStock` in the products module's
  // stock.repository.ts); on SQLite the products' sums are the app's second statement (decision
  // 0064). SQLite's third statement, which moves the stock state and the stamp of a product at
  // most every 2 s, is left out.
  const sorted = [...lines].sort((a, b) => (a.p.id < b.p.id ? -1 : 1));
  const triples = sorted.flatMap((l) => [l.p.id, l.p.id, -l.quantity]);
  const sortedIds = sorted.map((l) => l.p.id);
  const bound = new Date(Date.parse(now) - STOCK_STAMP_MS).toISOString();
  const taken = new Map(
    (
      await q.all(
        TAKE_STOCK(sorted.length),
        sqlite
          ? [...triples, storeId, ...sortedIds]
          : [storeId, ...sortedIds, ...triples, storeId, ...sortedIds, bound, now, storeId],
      )
    ).map((r) => [r.id, Number(r.quantity)]),
  );
  if (sqlite && taken.size) {
    const moved = sorted.filter((l) => taken.has(l.p.id));
    await q.all(MOVE_PRODUCTS(moved.length), [
      ...moved.flatMap((l) => [l.p.id, -l.quantity]),
      storeId,
      ...moved.map((l) => l.p.id),
    ]);
  }
  const actor = { actor_type: 'user', actor_id: null, actor_name: 'bench' };
  const movements = [];
  for (const line of sorted) {
    const after = taken.get(line.p.id);
    if (after === undefined) {
      throw Object.assign(new Error(`"${line.p.name}" is out of stock`), { statusCode: 409 });
    }
    movements.push({
      id: randomUUID(),
      store_id: storeId,
      product_id: line.p.id,
      variant_id: line.p.id,
      reason: 'sale',
      quantity_change: -line.quantity,
      quantity_before: after + line.quantity,
      quantity_after: after,
      ...actor,
      reference_type: 'order',
      reference_id: orderId,
      created_at: now,
    });
  }
  const total = lines.reduce((s, l) => s + l.total, 0);
  const received = Math.min(total, body.amount_received ?? 0);
  const sequences = received > 0 ? ['orders.number', 'payments_received.number'] : ['orders.number'];
  const number = TOKENS['orders.number'];
  const order = {
    id: orderId,
    store_id: storeId,
    number,
    status: received === total ? 'success' : 'pending',
    payment_state: received === total ? 'paid' : 'unpaid',
    channel: 'pos',
    payment_type: body.payment_type,
    subtotal: total,
    discount: 0,
    tax: 0,
    taxes: '[]',
    tax_inclusive: 0,
    shipping: 0,
    total,
    amount_received: received,
    amount_outstanding: total - received,
    change_due: (body.amount_received ?? 0) - received,
    refunded_total: 0,
    amount_refunded: 0,
    amount_written_off: 0,
    currency: 'NGN',
    created_by_name: 'bench',
    created_at: now,
    updated_at: now,
    completed_at: received === total ? now : null,
  };
  const items = lines.map((l, i) => ({
    id: randomUUID(),
    store_id: storeId,
    order_id: orderId,
    line_no: i + 1,
    product_id: l.p.id,
    variant_id: l.p.id,
    pack_factor: 1,
    name: l.p.name,
    sku: l.p.sku,
    unit_price: l.price,
    list_price: Number(l.p.price),
    cost_price: l.p.cost_price,
    quantity: l.quantity,
    discount: 0,
    total: l.total,
    order_discount: 0,
    tax: 0,
    quantity_refunded: 0,
  }));
  // The rows are written together with taking the numbers, as the app's InsertBatch does:
  // one statement on PostgreSQL, the bump and one insert per table on SQLite.
  const writes = [
    ['stock_movements', movements],
    ['orders', [order]],
    ['order_items', items],
  ];
  if (received > 0) {
    writes.push([
      'payments_received',
      [
        {
          id: randomUUID(),
          store_id: storeId,
          number: TOKENS['payments_received.number'],
          order_id: orderId,
          order_number: number,
          amount: received,
          payment_mode: body.payment_type,
          payment_date: now,
          source: 'order',
          recorded_by_name: 'bench',
          created_at: now,
        },
      ],
    ]);
  }
  writes.push([
    'audits',
    [
      {
        id: randomUUID(),
        store_id: storeId,
        ...actor,
        action: 'order.created',
        entity: 'order',
        entity_id: orderId,
        summary: `Order ${number} placed`,
        after: JSON.stringify({ number, total }),
        ip: '127.0.0.1',
        user_agent: 'bench',
        created_at: now,
      },
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
  const bare = await openBareSqlite(url.slice('sqlite:'.length), {
    inlineCheckpoint: process.env.BARE_INLINE_CHECKPOINT === '1',
  });
  for (const table of TABLES)
    columnsOf.set(
      table,
      bare.db
        .prepare('select name from pragma_table_info(?)')
        .all(table)
        .map((c) => c.name),
    );
  transaction = (body) => bare.transaction((q) => placeOrder(q, body));
} else {
  // The app's pg client (from the build): frequent statements run as named prepared statements
  // (decision 0012), BEGIN goes with the first statement and COMMIT with the last marked one
  // (decision 0014), as the SQLite route above reuses its prepared statements.
  const pool = new pg.Pool({ connectionString: url, max: 10, Client: preparingClient() });
  pool.on('release', (_error, client) => client.forgetPendingBegin());
  const { rows } = await pool.query(
    `select table_name, column_name from information_schema.columns
      where table_schema = current_schema() and table_name = any($1) order by ordinal_position`,
    [TABLES],
  );
  for (const table of TABLES)
    columnsOf.set(
      table,
      rows.filter((r) => r.table_name === table).map((r) => r.column_name),
    );
  const bare = pgBare(pool);
  transaction = (body) => bare.transaction((q) => placeOrder(q, body));
}

if (missing().length)
  throw new Error(`bare order route: no tables ${missing().join(', ')} (run the app's migrations first)`);

if (main)
  await serveBare('/order', async (request, reply) => {
    reply.code(201);
    return { success: true, message: 'Order created', data: await transaction(request.body) };
  });
