import {
  AGEING_BUCKETS,
  AGEING_LABELS,
  type AccountEntry,
  type accountQuery,
  type creditLimitBody,
  type CustomerAccount,
  type owingExportQuery,
  type OwingCustomer,
  type owingQuery,
  type OwingSummary,
  type statementQuery,
} from '@tillbook/contract/customer-accounts';
import type { z } from 'zod';
import { notFound } from '../../lib/app-error.js';
import { writeAudit } from '../../lib/audit.js';
import type { StoreContext } from '../../lib/context.js';
import { csvOf, exportFormats, type ExportColumn } from '../../lib/csv-export.js';
import { endInstant, startInstant } from '../../lib/local-dates.js';
import { formatMoney } from '../../lib/money-text.js';
import { offsetOf, pageOf, type Page } from '../../lib/pagination.js';
import { accountsRepository, type EntryWithBalance } from './customer-accounts.repository.js';
import { ageEntries, type Ageing } from './customer-ageing.js';
import { openAccountOrders } from './customer-orders.queries.js';
import { customersRepository } from './customers.repository.js';
import type { CustomersTable } from './customers.tables.js';
import { renderStatementPdf } from './customer-statement-pdf.js';

/**
 * Reading customers' accounts (decision 0065): one account with its statement, the customers who
 * owe with the ageing of what they owe, the statement as a PDF, and setting a credit limit.
 * Money moves on the account through the order's facts and the orders module's repayment and
 * write-off services, never here.
 */

export function toAccountEntry(row: EntryWithBalance): AccountEntry {
  return {
    id: row.id,
    kind: row.kind as AccountEntry['kind'],
    amount: row.amount,
    balance_after: row.balance_after,
    order_id: row.order_id,
    order_number: row.order_number,
    method: row.method,
    note: row.note,
    created_by_name: row.created_by_name,
    created_at: row.created_at,
  };
}

async function customerOr404(ctx: StoreContext, id: string): Promise<CustomersTable> {
  const row = await customersRepository(ctx.db, ctx.storeId).row(id);
  if (!row) throw notFound('Customer');
  return row;
}

const periodOf = (ctx: StoreContext, q: { from?: string | undefined; to?: string | undefined }) => ({
  from: startInstant(q.from, ctx.access.store.timezone),
  to: endInstant(q.to, ctx.access.store.timezone),
});

/**
 * A customer's account: the balance (every entry), the limit and what more may be sold on credit,
 * the period's totals by kind (as the entries are signed: repayments negative) with the balance
 * before it, its entries newest first with each one's balance after, and the open orders on
 * account oldest first.
 */
export async function getAccount(
  ctx: StoreContext,
  id: string,
  query: z.output<typeof accountQuery>,
): Promise<CustomerAccount> {
  const customer = await customerOr404(ctx, id);
  const repo = accountsRepository(ctx.db, ctx.storeId);
  const period = periodOf(ctx, query);
  const [balance, totals, opening, entries, open] = await Promise.all([
    repo.balance(id),
    repo.totalsByKind(id, period.from, period.to),
    period.from ? repo.balanceBefore(id, period.from) : Promise.resolve(0),
    repo.entriesWithBalance(id, period, {
      newestFirst: true,
      limit: query.perPage,
      offset: offsetOf(query),
    }),
    openAccountOrders(ctx.db, ctx.storeId, id),
  ]);
  const limit = customer.credit_limit;
  const sum = (...kinds: Parameters<typeof totals.byKind.get>[0][]) =>
    kinds.reduce((s, k) => s + (totals.byKind.get(k) ?? 0), 0);
  return {
    customer_id: id,
    currency: ctx.access.store.currency,
    balance,
    credit_limit: limit,
    available_credit: limit === null ? null : Math.max(0, limit - balance),
    totals: {
      sales: sum('sale'),
      repayments: sum('repayment'),
      refunds: sum('refund'),
      write_offs: sum('write_off'),
      // Credit held and credit spent: the net change of what the store holds for the customer.
      credits: sum('credit', 'credit_used'),
      opening_balance: opening,
    },
    entries: entries.map(toAccountEntry),
    page: query.page,
    per_page: query.perPage,
    entries_count: totals.count,
    open_orders: open,
  };
}

/** `PUT /customers/{id}/credit_limit`: null takes credit away. Audited; answers the account. */
export async function setCreditLimit(
  ctx: StoreContext,
  id: string,
  body: z.output<typeof creditLimitBody>,
): Promise<CustomerAccount> {
  await ctx.db.transaction().execute(async (trx) => {
    const repo = customersRepository(trx, ctx.storeId, ctx.now);
    const row = await repo.row(id, true);
    if (!row) throw notFound('Customer');
    const before = row.credit_limit;
    await repo.setCreditLimit(id, body.credit_limit);
    const money = (n: number | null) =>
      n === null ? 'no credit' : formatMoney(n, ctx.access.store.currency);
    await writeAudit(trx, ctx, {
      action: 'customer.credit_limit_changed',
      entity: 'customer',
      entityId: id,
      summary: `Credit limit of ${`${row.first_name} ${row.last_name}`.trim()}: ${money(before)} → ${money(body.credit_limit)}`,
      before: { credit_limit: before },
      after: { credit_limit: body.credit_limit },
    });
  });
  return getAccount(ctx, id, { page: 1, perPage: 20 });
}

// Customers who owe

type OwingFilter = { search?: string | undefined; bucket?: (typeof AGEING_BUCKETS)[number] | undefined };

/**
 * Every customer who owes (a positive balance), largest balance first, with the ageing of what
 * they owe (FIFO over their entries, `customer-ageing.ts`). Worked out over all their entries in
 * TypeScript: a store has hundreds of such customers, not millions, and the bucket filter needs
 * every customer's ageing before a page is cut.
 */
async function owingCustomers(ctx: StoreContext, filter: OwingFilter): Promise<OwingCustomer[]> {
  const rows = await accountsRepository(ctx.db, ctx.storeId).entriesOfOwing(filter.search);
  const byCustomer = new Map<string, typeof rows>();
  for (const r of rows) {
    const list = byCustomer.get(r.customer_id) ?? [];
    list.push(r);
    byCustomer.set(r.customer_id, list);
  }
  const out: OwingCustomer[] = [];
  for (const [id, entries] of byCustomer) {
    const first = entries[0]!;
    const { ageing, oldestUnpaidAt, lastPaymentAt } = ageEntries(entries, ctx.now, ctx.access.store.timezone);
    if (filter.bucket && ageing[filter.bucket] <= 0) continue;
    out.push({
      customer_id: id,
      name: `${first.first_name} ${first.last_name}`.trim(),
      phone_number: first.phone_number,
      balance: entries.reduce((s, e) => s + e.amount, 0),
      credit_limit: first.credit_limit,
      ageing,
      oldest_unpaid_at: oldestUnpaidAt,
      last_payment_at: lastPaymentAt,
    });
  }
  return out.sort((a, b) => b.balance - a.balance || a.name.localeCompare(b.name));
}

export async function listOwing(
  ctx: StoreContext,
  query: z.output<typeof owingQuery>,
): Promise<Page<OwingCustomer>> {
  const all = await owingCustomers(ctx, query);
  const start = offsetOf(query);
  return pageOf(all.slice(start, start + query.perPage), all.length, query);
}

export async function owingSummary(ctx: StoreContext): Promise<OwingSummary> {
  const all = await owingCustomers(ctx, {});
  const ageing: Ageing = { d0_30: 0, d31_60: 0, d61_90: 0, d90_plus: 0 };
  for (const c of all) for (const b of AGEING_BUCKETS) ageing[b] += c.ageing[b];
  return {
    currency: ctx.access.store.currency,
    customers: all.length,
    total: all.reduce((s, c) => s + c.balance, 0),
    ageing,
  };
}

/** The receivables report as CSV: the list's own rows and filters (decision 0051). */
export async function owingCsv(ctx: StoreContext, query: z.output<typeof owingExportQuery>): Promise<string> {
  const { money, time } = exportFormats(ctx);
  const columns: ExportColumn<OwingCustomer>[] = [
    { header: 'Customer', value: (c) => c.name },
    { header: 'Phone', value: (c) => c.phone_number },
    { header: 'Balance', value: (c) => money(c.balance) },
    { header: 'Credit limit', value: (c) => money(c.credit_limit) },
    ...AGEING_BUCKETS.map((b) => ({
      header: AGEING_LABELS[b],
      value: (c: OwingCustomer) => money(c.ageing[b]),
    })),
    { header: 'Oldest unpaid', value: (c) => time(c.oldest_unpaid_at) },
    { header: 'Last payment', value: (c) => time(c.last_payment_at) },
  ];
  return csvOf(columns, await owingCustomers(ctx, query));
}

/** The statement of account as a PDF: the period's entries oldest first, between its balances. */
export async function statementPdf(
  ctx: StoreContext,
  id: string,
  query: z.output<typeof statementQuery>,
): Promise<{ filename: string; data: Buffer }> {
  const customer = await customerOr404(ctx, id);
  const repo = accountsRepository(ctx.db, ctx.storeId);
  const period = periodOf(ctx, query);
  const [opening, entries, balance] = await Promise.all([
    period.from ? repo.balanceBefore(id, period.from) : Promise.resolve(0),
    repo.entriesWithBalance(id, period, { newestFirst: false, limit: 100_000, offset: 0 }),
    repo.balance(id),
  ]);
  const store = ctx.access.store;
  const data = await renderStatementPdf({
    store: {
      name: store.business_name,
      address: [store.address, store.city, store.state, store.country].filter(Boolean).join(', '),
      phone: store.phone_number,
      email: store.email,
    },
    customer: {
      name: `${customer.first_name} ${customer.last_name}`.trim(),
      phone: customer.phone_number,
      email: customer.email_address,
    },
    currency: store.currency,
    timeZone: store.timezone,
    from: query.from ?? null,
    to: query.to ?? null,
    printedAt: ctx.now.toISOString(),
    opening,
    entries: entries.map(toAccountEntry),
    closing: entries.length ? entries[entries.length - 1]!.balance_after : opening,
    balanceNow: balance,
  });
  const slug = `${customer.first_name}-${customer.last_name}`.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return { filename: `statement-${slug}.pdf`, data };
}
