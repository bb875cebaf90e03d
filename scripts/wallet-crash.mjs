// Wallet crash check (issue 17): starts the built server, runs transfers and deposits against
// it, kills it with SIGKILL in the middle several times, restarts it on the same database, and
// after each restart checks that the ledger balances (every transaction's entries sum to zero,
// every account's balance is the sum of its entries, no store account below zero), that no
// Idempotency-Key made two transfers and no deposit was credited twice, and (SQLite) that
// `PRAGMA integrity_check` is ok. At the end every pending transfer must settle.
//
//   node scripts/wallet-crash.mjs            SQLite in a temporary folder
//   node scripts/wallet-crash.mjs --pg       a fresh PostgreSQL database crash_<random> (dropped after)
// Env: ROUNDS (default 4), BENCH_PG_URL (postgres://postgres@127.0.0.1:5432/test).
// Needs `npm run build` (apps/server/dist/main.js).
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROUNDS = Number(process.env.ROUNDS ?? 4);
const usePg = process.argv.includes('--pg');
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PORT = 3500 + Math.floor(Math.random() * 400);
const base = `http://127.0.0.1:${PORT}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'tillbook-crash-'));
const dbName = `crash_${randomBytes(5).toString('hex')}`;
const databaseUrl = usePg
  ? PG_URL.replace(/\/[^/]*$/, `/${dbName}`)
  : `sqlite:${path.join(dataDir, 'app.db')}`;
const PASSWORD = 'crash-test-42';

async function query(text, params = []) {
  if (!usePg) {
    const db = new Database(databaseUrl.slice('sqlite:'.length), { fileMustExist: true });
    try {
      return db.prepare(text).all(...params);
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    let n = 0;
    return (
      await client.query(
        text.replace(/\?/g, () => `$${++n}`),
        params,
      )
    ).rows;
  } finally {
    await client.end();
  }
}

let server;
async function start() {
  server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PAYMENT_PROVIDER: 'sandbox',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      APP_SECRET: 'crash-secret-crash-secret-crash-secret-42',
      MAIL_TRANSPORT: 'log',
      LOG_LEVEL: 'error',
      WALLET_RECONCILE_SECONDS: '1',
      SIGNUP_MAX_PER_IP_HOUR: '1000',
      SIGNIN_MAX_PER_IP_15MIN: '1000',
      CODE_CHECKS_MAX_PER_IP_15MIN: '1000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // A minute: a start on a busy CI machine once took over the 20 s this allowed (stop 41's run).
  // The last answer or error is said, so a server that will not be ready says why.
  let last = 'no answer';
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${base}/ready`, { signal: AbortSignal.timeout(5_000) });
      if (res.ok) return;
      last = `${res.status} ${await res.text()}`;
    } catch (error) {
      last = String(error?.cause ?? error);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the server did not become ready within 60 s (last: ${last})`);
}

function kill() {
  return new Promise((resolve) => {
    server.once('exit', resolve);
    server.kill('SIGKILL');
  });
}

async function call(method, url, body, token, headers = {}) {
  const res = await fetch(`${base}/api/v1${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: token } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}

async function problems() {
  const found = [];
  for (const r of await query(
    'select transaction_id, sum(amount) as total from ledger_entries group by transaction_id having sum(amount) <> 0',
  )) {
    found.push(`transaction ${r.transaction_id} sums to ${r.total}`);
  }
  for (const r of await query(
    `select a.id, a.kind, a.balance, coalesce(sum(e.amount), 0) as total
     from ledger_accounts a left join ledger_entries e on e.account_id = a.id
     group by a.id, a.kind, a.balance`,
  )) {
    if (Number(r.balance) !== Number(r.total))
      found.push(`account ${r.kind} holds ${r.balance}, entries ${r.total}`);
    if ((r.kind === 'available' || r.kind === 'held') && Number(r.balance) < 0)
      found.push(`${r.kind} below zero`);
  }
  const [keys] = await query("select count(*) as n from idempotency_keys where scope = 'wallet.transfer'");
  const [transfers] = await query("select count(*) as n from wallet_transactions where type = 'transfer'");
  if (Number(keys.n) !== Number(transfers.n)) found.push(`${transfers.n} transfers for ${keys.n} keys`);
  const [dupes] = await query(
    'select count(*) as n from (select external_key from wallet_transactions where external_key is not null group by store_id, external_key having count(*) > 1) d',
  );
  if (Number(dupes.n) > 0) found.push(`${dupes.n} effects recorded twice`);
  if (!usePg) {
    const [check] = await query('pragma integrity_check');
    if (Object.values(check)[0] !== 'ok') found.push(`integrity_check: ${JSON.stringify(check)}`);
  }
  return found;
}

async function main() {
  if (usePg) {
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
  }
  await start();
  const email = `crash.${randomBytes(4).toString('hex')}@example.ng`;
  const signUp = await call('POST', '/user/signup', {
    first_name: 'Crash',
    last_name: 'Test',
    email,
    password: PASSWORD,
    phone_number: '+2348030000000',
    country: 'Nigeria',
  });
  if (signUp.status !== 201) throw new Error(`sign-up: ${JSON.stringify(signUp.body)}`);
  const [mail] = await query('select text from mail_outbox where to_address = ? order by created_at desc', [
    email,
  ]);
  const code = /\b(\d{6})\b/.exec(mail.text)[1];
  const verified = await call('POST', '/user/verify-email', { email, code });
  if (verified.status !== 200) throw new Error(`verify: ${JSON.stringify(verified.body)}`);
  await call(
    'PUT',
    `/user/business-info/${signUp.body.data.id}`,
    { business_name: 'Crash Shop', country: 'Nigeria', state: 'Lagos' },
    signUp.body.data.userToken,
  );
  let sent = 0;
  let token = (await call('POST', '/user/signin', { email, password: PASSWORD })).body.data.userToken;
  const opened = await call('POST', '/wallet', undefined, token);
  if (opened.status !== 200) throw new Error(`open wallet: ${JSON.stringify(opened.body)}`);
  const funded = await call('POST', '/wallet/sandbox/deposit', { amount: 50_000_000 }, token);
  if (funded.status !== 201) throw new Error(`deposit: ${JSON.stringify(funded.body)}`);

  const first = await call(
    'POST',
    '/wallet/transfer',
    {
      amount: 10_000,
      bankCode: '058',
      accountNumber: '0123456789',
      accountName: 'CRASH PAYEE',
      password: PASSWORD,
    },
    token,
    { 'idempotency-key': randomUUID() },
  );
  if (first.status !== 201) throw new Error(`a transfer before any crash: ${JSON.stringify(first.body)}`);
  sent = 1;
  const ACCOUNTS = ['0123456789', '2223334445', '0000000001', '0000000003'];
  const unanswered = new Map();
  for (let round = 1; round <= ROUNDS; round++) {
    const work = [];
    for (let i = 0; i < 60; i++) {
      if (i % 5 === 0) {
        work.push(call('POST', '/wallet/sandbox/deposit', { amount: 10_000 + i }, token).catch(() => null));
        continue;
      }
      const key = randomUUID();
      const body = {
        amount: 10_000 + i,
        bankCode: '058',
        accountNumber: ACCOUNTS[i % ACCOUNTS.length],
        accountName: 'CRASH PAYEE',
        narration: `round ${round}`,
        password: PASSWORD,
      };
      unanswered.set(key, body);
      sent += 1;
      work.push(
        call('POST', '/wallet/transfer', body, token, { 'idempotency-key': key })
          .then((r) => r.status < 500 && unanswered.delete(key))
          .catch(() => null),
      );
    }
    await new Promise((r) => setTimeout(r, 150 + Math.random() * 400));
    await kill();
    await Promise.allSettled(work);
    await start();
    token = (await call('POST', '/user/signin', { email, password: PASSWORD })).body.data.userToken;
    // The client retries what it got no answer for, with the same key: no second transfer.
    const retried = unanswered.size;
    const [pendingNow] = await query(
      "select count(*) as n from wallet_transactions where status = 'pending'",
    );
    for (const [key, body] of unanswered) {
      const r = await call('POST', '/wallet/transfer', body, token, { 'idempotency-key': key });
      if (r.status < 500) unanswered.delete(key);
    }
    const found = await problems();
    console.log(
      `round ${round}: killed with ${retried} transfers unanswered (retried with their keys), ${pendingNow.n} pending at restart; ${found.length ? found.join('; ') : 'ledger balanced, nothing twice'}`,
    );
    if (found.length) throw new Error('the ledger is wrong after a crash');
  }
  // Every pending transfer settles (the reconciler runs every second).
  for (let i = 0; i < 100; i++) {
    const [p] = await query("select count(*) as n from wallet_transactions where status = 'pending'");
    if (Number(p.n) === 0) break;
    await new Promise((r) => setTimeout(r, 300));
  }
  const [pending] = await query("select count(*) as n from wallet_transactions where status = 'pending'");
  const found = await problems();
  const [count] = await query("select count(*) as n from wallet_transactions where type = 'transfer'");
  console.log(
    `after ${ROUNDS} crashes: ${sent} transfers sent, ${count.n} made, ${pending.n} pending; ${found.length ? found.join('; ') : 'ledger balanced'}`,
  );
  if (Number(pending.n) !== 0 || found.length) throw new Error('not settled or not balanced');
}

try {
  await main();
  console.log('wallet crash check: ok');
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  if (server && server.exitCode === null) await kill();
  rmSync(dataDir, { recursive: true, force: true });
  if (usePg) {
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName}`);
    await admin.end();
  }
}
