// The yardstick for bench/wallet-throughput.mjs: a bare Fastify route on the same database,
// through the same drivers (better-sqlite3 or pg), with no request context, no validation, no
// query builder and no services. Per request it does the transfer route's authentication (the
// session found by its token's SHA-256, the user's password checked with argon2id as the app
// does) and then, by BARE_MODE:
//   ledger: the transfer's writes in two transactions: the hold (the transaction row, the
//           available and held balances moved by conditional updates, two entries, the balance
//           after, an audit row), then the settlement (status pending → success by a conditional
//           update, held → clearing and fees, three entries, an audit row);
//   auth:   one audit row in one transaction: the authentication alone, without the ledger.
// BARE_ARGON2=0 skips the password check, to show what it costs.
// Env: PORT, DATABASE_URL, BARE_MODE (ledger), BARE_ARGON2 (1).
import { createHash, randomUUID } from 'node:crypto';
import { verify } from '@node-rs/argon2';
import pg from 'pg';
import { dollarParams, openBareSqlite, pgBare, serveBare } from './bare-db.mjs';

const url = process.env.DATABASE_URL;
const sqlite = url.startsWith('sqlite:');
const MODE = process.env.BARE_MODE ?? 'ledger';
const ARGON2 = process.env.BARE_ARGON2 !== '0';

const sha256 = (text) => createHash('sha256').update(text).digest('hex');

const SESSION = `select u.id as user_id, u.password_hash, m.store_id
  from sessions s join users u on u.id = s.user_id
  join memberships m on m.user_id = u.id and m.status = 'active' and m.store_id = s.current_store_id
  where s.token_hash = ? and s.revoked_at is null`;

const AUDIT = `insert into audits (id, store_id, actor_type, actor_id, actor_name, action, entity, entity_id,
  summary, before, after, ip, user_agent, created_at) values (?, ?, 'user', ?, 'Bench Owner', ?, 'wallet_transaction', ?, ?, ?, ?, '127.0.0.1', 'autocannon', ?)`;

/** Moves one account's balance; a guarded debit only when the balance covers it. */
const MOVE = `update ledger_accounts set balance = balance + ? where store_id = ? and wallet_id = ? and kind = ?`;
const MOVE_GUARDED = `${MOVE} and balance >= ? returning id, balance`;
const ENTRY = `insert into ledger_entries (id, store_id, transaction_id, account_id, amount, created_at) values (?, ?, ?, ?, ?, ?)`;

async function move(q, w, kind, amount, guarded) {
  const row = guarded
    ? await q.get(MOVE_GUARDED, [amount, w.store_id, w.id, kind, -amount])
    : await q.get(`${MOVE} returning id, balance`, [amount, w.store_id, w.id, kind]);
  if (!row) throw Object.assign(new Error('Not enough money in the wallet'), { statusCode: 422 });
  return row;
}

async function entries(q, w, txId, moves, now) {
  for (const [kind, amount, guarded] of moves) {
    const account = await move(q, w, kind, amount, guarded);
    await q.run(ENTRY, [randomUUID(), w.store_id, txId, account.id, amount, now]);
  }
}

async function transfer(auth, body) {
  const now = new Date().toISOString();
  const id = randomUUID();
  const amount = body.amount;
  const fee = 1000;
  const reference = `tb_${id.replace(/-/g, '')}`;
  if (MODE === 'auth') {
    await transaction(async (q) => {
      await q.run(AUDIT, [
        randomUUID(),
        auth.store_id,
        auth.user_id,
        'wallet.bench',
        id,
        'Bench',
        null,
        null,
        now,
      ]);
    });
    return { id, reference, status: 'success' };
  }
  const wallet = await db.get('select id, store_id from wallets where store_id = ?', [auth.store_id]);
  await transaction(async (q) => {
    await q.run(
      `insert into wallet_transactions (id, store_id, wallet_id, type, direction, status, amount, fee, balance_after,
        reference, external_key, narration, counterparty_name, counterparty_account, counterparty_bank_code,
        counterparty_bank_name, related_id, failure_reason, actor_type, actor_id, actor_name, created_at, updated_at)
        values (?, ?, ?, 'transfer', 'debit', 'pending', ?, ?, 0, ?, null, null, ?, ?, ?, 'Guaranty Trust Bank',
        null, null, 'user', ?, 'Bench Owner', ?, ?)`,
      [
        id,
        wallet.store_id,
        wallet.id,
        amount,
        fee,
        reference,
        body.accountName,
        body.accountNumber,
        body.bankCode,
        auth.user_id,
        now,
        now,
      ],
    );
    const available = await move(q, wallet, 'available', -(amount + fee), true);
    await q.run(ENTRY, [randomUUID(), wallet.store_id, id, available.id, -(amount + fee), now]);
    await entries(q, wallet, id, [['held', amount + fee, false]], now);
    await q.run('update wallet_transactions set balance_after = ? where id = ?', [
      Number(available.balance),
      id,
    ]);
    await q.run(AUDIT, [
      randomUUID(),
      wallet.store_id,
      auth.user_id,
      'wallet.transfer',
      id,
      `Transfer ${reference} held`,
      null,
      JSON.stringify({ id, reference, amount, fee, status: 'pending' }),
      now,
    ]);
  });
  // The sandbox provider answers at once; the settlement is the second transaction.
  await transaction(async (q) => {
    const moved = await q.get(
      `update wallet_transactions set status = 'success', updated_at = ?
        where store_id = ? and reference = ? and type = 'transfer' and status = 'pending' returning id`,
      [now, wallet.store_id, reference],
    );
    if (!moved) return;
    await entries(
      q,
      wallet,
      id,
      [
        ['held', -(amount + fee), true],
        ['clearing', amount, false],
        ['fees', fee, false],
      ],
      now,
    );
    await q.run(AUDIT, [
      randomUUID(),
      wallet.store_id,
      auth.user_id,
      'wallet.transfer.success',
      id,
      `Transfer ${reference} sent`,
      '{"status":"pending"}',
      '{"status":"success"}',
      now,
    ]);
  });
  return { id, reference, status: 'success' };
}

/** `db`: statements outside a transaction. */
const { q: db, transaction } = sqlite
  ? await openBareSqlite(url.slice('sqlite:'.length))
  : pgBare(new pg.Pool({ connectionString: url, max: 10 }), dollarParams);

await serveBare('/transfer', async (request, reply) => {
  const auth = await db.get(SESSION, [sha256(String(request.headers.authorization ?? ''))]);
  if (!auth) return reply.code(401).send({ success: false, message: 'Sign in' });
  if (ARGON2 && !(await verify(auth.password_hash, request.body.password))) {
    return reply.code(422).send({ success: false, message: 'The password is not correct.' });
  }
  reply.code(201);
  return { success: true, message: 'Transfer sent', data: await transfer(auth, request.body) };
});
