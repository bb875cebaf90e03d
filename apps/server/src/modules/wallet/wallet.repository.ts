import type { walletExportQuery } from '@tillbook/contract/wallet';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.js';
import { endInstant, startInstant } from '../../lib/local-dates.js';
import { containsText } from '../../lib/sql.js';
import { offsetOf, pageOf } from '../../lib/pagination.js';
import { toWalletTransaction } from './ledger.js';
import type { WalletTransactionsTable, WalletsTable } from './wallet.tables.js';

type Db = Kysely<Database> | Transaction<Database>;
type Filters = z.output<typeof walletExportQuery>;

/** The wallet's reads and writes, bound to one store (dates are the store's local ones). */
export function walletRepository(db: Db, storeId: string, timeZone = 'UTC') {
  const filtered = (f: Filters) => {
    let q = db.selectFrom('wallet_transactions').where('store_id', '=', storeId);
    if (f.type) q = q.where('type', '=', f.type);
    if (f.status) q = q.where('status', '=', f.status);
    if (f.from) q = q.where('created_at', '>=', startInstant(f.from, timeZone)!);
    if (f.to) q = q.where('created_at', '<=', endInstant(f.to, timeZone)!);
    if (f.search) {
      const term = f.search;
      q = q.where((eb) =>
        eb.or([
          containsText('reference', term),
          containsText('counterparty_name', term),
          containsText('counterparty_account', term),
          containsText('narration', term),
        ]),
      );
    }
    return q;
  };
  return {
    wallet: (): Promise<WalletsTable | undefined> =>
      db.selectFrom('wallets').selectAll().where('store_id', '=', storeId).executeTakeFirst(),

    async balances(walletId: string): Promise<Record<string, number>> {
      const rows = await db
        .selectFrom('ledger_accounts')
        .select(['kind', 'balance'])
        .where('store_id', '=', storeId)
        .where('wallet_id', '=', walletId)
        .execute();
      return Object.fromEntries(rows.map((r) => [r.kind, r.balance]));
    },

    transaction: (id: string): Promise<WalletTransactionsTable | undefined> =>
      db
        .selectFrom('wallet_transactions')
        .selectAll()
        .where('store_id', '=', storeId)
        .where('id', '=', id)
        .executeTakeFirst(),

    async list(q: Filters & { page: number; perPage: number }) {
      const [rows, count] = await Promise.all([
        filtered(q)
          .selectAll()
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(q.perPage)
          .offset(offsetOf(q))
          .execute(),
        filtered(q)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return pageOf(rows.map(toWalletTransaction), count.n, q);
    },

    all: (f: Filters) =>
      filtered(f).selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(100_000).execute(),

    /** Money sent out since `since` (held, sent or pending), for the daily limit. */
    async sentSince(since: string): Promise<number> {
      const row = await db
        .selectFrom('wallet_transactions')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.val(0)).as('total'))
        .where('store_id', '=', storeId)
        .where('type', '=', 'transfer')
        .where('status', 'in', ['pending', 'success'])
        .where('created_at', '>=', since)
        .executeTakeFirstOrThrow();
      return row.total;
    },
  };
}
