// Wallet transfer throughput (issue 17): POST /api/v1/wallet/transfer against the built server,
// each with its own Idempotency-Key, from one funded wallet (every transfer takes the wallet's
// lock: the hot path of one busy shop), on SQLite and PostgreSQL. A transfer checks the user's
// password (argon2id, decision 0021's setting), holds amount and fee, calls the sandbox provider
// and settles: three transactions and an audit row each.
//
//
// Then, on the same database, the yardsticks of bench/bare-wallet-server.mjs (a bare Fastify
// route through the same drivers): the same authentication and the same ledger writes
// ("bare ledger"), the same without the argon2 check ("bare ledger, no argon2"), and the
// authentication with one audit row and no ledger ("bare auth"). Server CPU per transfer is
// reported beside the rates: the machine is shared, and CPU per request says what a transfer
// costs whatever else runs.
//
// Run: npm run build && node bench/wallet-throughput.mjs
// Env: DURATION (s, default 10), CONNECTIONS (default 10), ENGINES (sqlite,postgres),
//      BENCH_PG_URL (postgres://postgres@127.0.0.1:5432/test), PORT (3451), BARE (1; 0 skips
//      the yardsticks). Profile the route: BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof".
import { randomBytes, randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import pg from 'pg';
import { startBare as startBareRoute } from './bare-db.mjs';
import { cpuMsOf, json, startServer } from './lib.mjs';

const DURATION = Number(process.env.DURATION ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);
const PORT = Number(process.env.PORT ?? 3451);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ENGINES = (process.env.ENGINES ?? 'sqlite,postgres').split(',');
const PASSWORD = 'bench-pass-42';
const BARE = process.env.BARE !== '0';

const BARE_VARIANTS = [
  { name: 'bare ledger', env: { BARE_MODE: 'ledger' } },
  { name: 'bare ledger, no argon2', env: { BARE_MODE: 'ledger', BARE_ARGON2: '0' } },
  { name: 'bare auth (argon2, one audit row, no ledger)', env: { BARE_MODE: 'auth' } },
];

const startBare = (databaseUrl, env) =>
  startBareRoute('bare-wallet-server.mjs', { port: PORT + 1, env: { DATABASE_URL: databaseUrl, ...env } });

/** Runs autocannon at `url` for DURATION and prints one line; each request has its own Idempotency-Key. */
async function measure(label, url, token, body, pid) {
  const cpuBefore = cpuMsOf(pid);
  const result = await autocannon({
    url,
    method: 'POST',
    connections: CONNECTIONS,
    duration: DURATION,
    headers: { 'content-type': 'application/json', authorization: token },
    body,
    requests: [
      { setupRequest: (req) => ({ ...req, headers: { ...req.headers, 'idempotency-key': randomUUID() } }) },
    ],
  });
  const cpu = result['2xx'] ? (cpuMsOf(pid) - cpuBefore) / result['2xx'] : NaN;
  console.log(
    `${label}: ${result.requests.average.toFixed(0)} transfers/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ` +
      `server CPU ${cpu.toFixed(1)} ms/transfer, 2xx ${result['2xx']}, non-2xx ${result.non2xx}, errors ${result.errors} ` +
      `(${CONNECTIONS} connections, ${DURATION} s)`,
  );
}

async function mailedCode(databaseUrl, email) {
  const text = 'select text from mail_outbox where to_address = $1 order by created_at desc';
  if (databaseUrl.startsWith('sqlite:')) {
    const db = new Database(databaseUrl.slice('sqlite:'.length), { readonly: true });
    try {
      return /\b(\d{6})\b/.exec(db.prepare(text.replace('$1', '?')).get(email).text)[1];
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return /\b(\d{6})\b/.exec((await client.query(text, [email])).rows[0].text)[1];
  } finally {
    await client.end();
  }
}

async function fundedWallet(base, databaseUrl) {
  const email = `bench.${randomBytes(4).toString('hex')}@example.ng`;
  const signUp = await json(base, 'POST', '/user/signup', {
    first_name: 'Bench',
    last_name: 'Owner',
    email,
    password: PASSWORD,
    phone_number: '+2348030000000',
    country: 'Nigeria',
  });
  await json(base, 'POST', '/user/verify-email', { email, code: await mailedCode(databaseUrl, email) });
  await json(
    base,
    'PUT',
    `/user/business-info/${signUp.body.data.id}`,
    { business_name: 'Bench Shop', country: 'Nigeria' },
    signUp.body.data.userToken,
  );
  const token = (await json(base, 'POST', '/user/signin', { email, password: PASSWORD })).body.data.userToken;
  await fetch(`${base}/api/v1/wallet`, { method: 'POST', headers: { authorization: token } });
  const d = await json(base, 'POST', '/wallet/sandbox/deposit', { amount: 900_000_000_000 }, token);
  if (d.status !== 201) throw new Error(`deposit: ${JSON.stringify(d.body)}`);
  return token;
}

async function run(engine) {
  let databaseUrl;
  let dbName;
  if (engine === 'postgres') {
    dbName = `bench_wallet_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    databaseUrl = PG_URL.replace(/\/[^/]*$/, `/${dbName}`);
  }
  const server = await startServer({
    port: PORT,
    databaseUrl,
    env: {
      WALLET_TRANSFER_LIMIT: '900000000000',
      WALLET_DAILY_LIMIT: '900000000000',
      SIGNIN_MAX_PER_IP_15MIN: '1000',
    },
  });
  databaseUrl ??= `sqlite:${path.join(server.dataDir, 'app.db')}`;
  let stopped = false;
  try {
    const token = await fundedWallet(server.base, databaseUrl);
    const body = JSON.stringify({
      amount: 100_000,
      bankCode: '058',
      accountNumber: '0123456789',
      accountName: 'BENCH PAYEE',
      password: PASSWORD,
    });
    await measure(`${engine}: route`, `${server.base}/api/v1/wallet/transfer`, token, body, server.pid);
    await server.stop();
    stopped = true;
    if (BARE) {
      for (const variant of BARE_VARIANTS) {
        const bare = await startBare(databaseUrl, variant.env);
        try {
          await measure(`${engine}: ${variant.name}`, `${bare.base}/transfer`, token, body, bare.pid);
        } finally {
          await bare.stop();
        }
      }
    }
  } finally {
    if (!stopped) await server.stop();
    rmSync(server.dataDir, { recursive: true, force: true });
    if (dbName) {
      const admin = new pg.Client({ connectionString: PG_URL });
      await admin.connect();
      await admin.query(`drop database if exists ${dbName}`);
      await admin.end();
    }
  }
}

for (const engine of ENGINES) await run(engine);
