import type { SettlementAccount, settlementAccountBody } from '@tillbook/contract/wallet';
import type { z } from 'zod';
import { changedFields } from '../../lib/audit.js';
import { writeAudit } from '../../lib/audit.js';
import type { StoreContext } from '../../lib/context.js';
import { walletRepository } from './wallet.repository.js';
import { resolveAccount } from './wallet.service.js';

const toSettlement = (row: SettlementAccount): SettlementAccount => ({
  bank_code: row.bank_code,
  bank_name: row.bank_name,
  account_number: row.account_number,
  account_name: row.account_name,
  updated_at: row.updated_at,
});

export async function getSettlementAccount(ctx: StoreContext): Promise<SettlementAccount | null> {
  const row = await walletRepository(ctx.db, ctx.storeId).settlementAccount();
  return row ? toSettlement(row) : null;
}

/**
 * Sets the bank account invoices and receipts print as "pay to". The name is the bank's, from
 * a name enquiry, never typed: a wrong digit cannot send customers' money to a stranger.
 */
export async function setSettlementAccount(
  ctx: StoreContext,
  body: z.output<typeof settlementAccountBody>,
): Promise<SettlementAccount> {
  const resolved = await resolveAccount(ctx, body);
  const before = await getSettlementAccount(ctx);
  const row = {
    bank_code: resolved.bank_code,
    bank_name: resolved.bank_name,
    account_number: resolved.account_number,
    account_name: resolved.account_name,
    updated_at: ctx.now.toISOString(),
  };
  await ctx.db.transaction().execute(async (trx) => {
    await walletRepository(trx, ctx.storeId).saveSettlementAccount(row);
    const diff = changedFields(before, toSettlement(row));
    await writeAudit(trx, ctx, {
      action: 'settlement_account.set',
      entity: 'settlement_account',
      entityId: ctx.storeId,
      summary: `Settlement account set to ${row.bank_name} ${row.account_number} (${row.account_name})`,
      before: diff.before,
      after: diff.after,
    });
  });
  return toSettlement(row);
}
