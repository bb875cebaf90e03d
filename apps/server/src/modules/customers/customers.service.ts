import { MESSAGES } from '@tillbook/contract/constants';
import type {
  createCustomerBody,
  Customer,
  CustomerFilter,
  customerListQuery,
  TillCustomerResult,
  updateCustomerBody,
} from '@tillbook/contract/customers';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.js';
import { AppError, conflict, notFound } from '../../lib/app-error.js';
import { writeAudit } from '../../lib/audit.js';
import type { StoreContext } from '../../lib/context.js';
import { runIdempotent, type Outcome } from '../../lib/idempotency.js';
import { newId } from '../../lib/ids.js';
import { pageOf, type Page } from '../../lib/pagination.js';
import { queryWords } from '../../lib/search-index.js';
import { uniqueViolationText } from '../../lib/sql.js';
import { sampleCustomer } from './customer-samples.js';
import { customersRepository, type CustomersRepository } from './customers.repository.js';
import type { CustomersTable } from './customers.tables.js';

type Db = Kysely<Database> | Transaction<Database>;

const repoOf = (ctx: StoreContext, db: Db = ctx.db) => customersRepository(db, ctx.storeId, ctx.now);

const auditable = (c: CustomersTable) => ({
  first_name: c.first_name,
  last_name: c.last_name,
  email_address: c.email_address,
  phone_number: c.phone_number,
  address: c.address,
  city: c.city,
  state: c.state,
  country: c.country,
  notes: c.notes,
  is_active: c.is_active === 1,
});

/** Which contact a database unique violation is about, if any. */
export function duplicateCustomerField(error: unknown): 'email_address' | 'phone_number' | null {
  const text = uniqueViolationText(error);
  if (/email/.test(text)) return 'email_address';
  if (/phone/.test(text)) return 'phone_number';
  return null;
}

const duplicateError = (field: 'email_address' | 'phone_number', owner?: CustomersTable) =>
  conflict(
    `${field === 'email_address' ? 'This email address' : 'This phone number'} already belongs to ${
      owner ? `${owner.first_name} ${owner.last_name}`.trim() : 'another customer'
    }.`,
    { [field]: `Another customer has this ${field === 'email_address' ? 'email address' : 'phone number'}` },
  );

async function rethrowDuplicate<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    const field = duplicateCustomerField(error);
    if (field) throw duplicateError(field);
    throw error;
  }
}

async function assertContactsFree(
  repo: CustomersRepository,
  contacts: { email_address?: string | null; phone_number?: string | null },
  exceptId?: string,
): Promise<void> {
  const found = await repo.findByContacts(
    contacts.email_address ? [contacts.email_address] : [],
    contacts.phone_number ? [contacts.phone_number] : [],
  );
  for (const c of found) {
    if (c.id === exceptId) continue;
    if (contacts.email_address && c.email_address === contacts.email_address)
      throw duplicateError('email_address', c);
    if (contacts.phone_number && c.phone_number === contacts.phone_number)
      throw duplicateError('phone_number', c);
  }
}

async function customerOr404(repo: CustomersRepository, id: string): Promise<Customer> {
  const customer = await repo.get(id);
  if (!customer) throw notFound('Customer');
  return customer;
}

// Reads

export const listCustomers = (
  ctx: StoreContext,
  q: z.output<typeof customerListQuery>,
): Promise<Page<Customer>> => repoOf(ctx).list(q);

export async function searchCustomers(
  ctx: StoreContext,
  q: { first: string; page: number; perPage: number },
): Promise<Page<Customer>> {
  if (!queryWords(q.first).length) return pageOf([], 0, q);
  return repoOf(ctx).list({ page: q.page, perPage: q.perPage, search: q.first, sort: 'name' });
}

export const filterCustomers = (
  ctx: StoreContext,
  filter: CustomerFilter,
  q: { page: number; perPage: number },
): Promise<Page<Customer>> => repoOf(ctx).list({ ...q, filter, sort: 'created_at' });

export const getCustomer = (ctx: StoreContext, id: string) => customerOr404(repoOf(ctx), id);

// Writes

type NewCustomer = z.output<typeof createCustomerBody>;

const newCustomerRow = (ctx: StoreContext, body: NewCustomer): CustomersTable => {
  const now = ctx.now.toISOString();
  return {
    id: newId(),
    store_id: ctx.storeId,
    credit_limit: null,
    first_name: body.first_name,
    last_name: body.last_name,
    email_address: body.email_address ?? null,
    phone_number: body.phone_number,
    address: body.address ?? null,
    city: body.city ?? null,
    state: body.state ?? null,
    country: body.country ?? null,
    notes: body.notes ?? null,
    is_active: 1,
    created_at: now,
    updated_at: now,
  };
};

export async function createCustomer(ctx: StoreContext, body: NewCustomer): Promise<Customer> {
  await assertContactsFree(repoOf(ctx), body);
  const row = newCustomerRow(ctx, body);
  await rethrowDuplicate(
    ctx.db.transaction().execute(async (trx) => {
      await repoOf(ctx, trx).insert([row]);
      await writeAudit(trx, ctx, {
        action: 'customer.created',
        entity: 'customer',
        entityId: row.id,
        summary: `Customer ${row.first_name} ${row.last_name} added`,
        after: auditable(row),
      });
    }),
  );
  return (await repoOf(ctx).get(row.id))!;
}

/**
 * A customer the till added, usually offline, sent from its queue before the sales for them
 * (decision 0036). Once per Idempotency-Key: a repeat (a lost answer) answers the first result.
 * The cashier could not search the store's customers offline, so a phone number or email that
 * already belongs to a customer of the store is not a conflict: that customer is answered, with
 * a sentence saying so, and the till puts its sales on them. The phone number is looked at first
 * (every customer has one).
 */
export async function addCustomerAtTill(
  ctx: StoreContext,
  body: NewCustomer,
  idempotencyKey: string | undefined,
): Promise<Outcome<TillCustomerResult>> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await runIdempotent<TillCustomerResult>(
        ctx,
        idempotencyKey,
        'customer.till',
        body,
        async (trx) => {
          const r = repoOf(ctx, trx);
          const found = await r.findByContacts(body.email_address ? [body.email_address] : [], [
            body.phone_number,
          ]);
          const byPhone = found.find((c) => c.phone_number === body.phone_number);
          const byEmail = found.find((c) => body.email_address && c.email_address === body.email_address);
          const match = byPhone ?? byEmail;
          if (match) {
            const matchedOn = byPhone ? 'phone_number' : 'email_address';
            const name = `${match.first_name} ${match.last_name}`.trim();
            const blocked = match.is_active !== 1;
            return {
              status: 200,
              body: {
                customer: (await r.get(match.id))!,
                existing: true,
                matched_on: matchedOn,
                message: `${matchedOn === 'phone_number' ? `The phone number ${body.phone_number}` : `The email ${body.email_address}`} already belongs to ${name}: the till's sales for "${`${body.first_name} ${body.last_name}`.trim()}" are recorded for ${name}.${blocked ? ` ${name} is blocked: those sales wait for a decision.` : ''}`,
              },
            };
          }
          const row = newCustomerRow(ctx, body);
          await r.insert([row]);
          await writeAudit(trx, ctx, {
            action: 'customer.created',
            entity: 'customer',
            entityId: row.id,
            summary: `Customer ${row.first_name} ${row.last_name} added at the till`,
            after: auditable(row),
          });
          return {
            status: 201,
            body: {
              customer: (await r.get(row.id))!,
              existing: false,
              matched_on: null,
              message: MESSAGES.customerAdded,
            },
          };
        },
      );
    } catch (error) {
      // Another request added the same contact between the look-up and the insert (PostgreSQL):
      // everything rolled back, key included; once more, the look-up finds that customer.
      if (attempt < 2 && duplicateCustomerField(error)) continue;
      throw error;
    }
  }
}

/** One realistic sample customer (Nigerian name, phone and address). */
export async function autoCreateCustomer(ctx: StoreContext): Promise<Customer> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await createCustomer(ctx, { ...sampleCustomer(), notes: null });
    } catch (error) {
      // A generated phone or email can clash with a customer already there: draw again.
      if (attempt < 5 && error instanceof AppError && error.code === 'CONFLICT') continue;
      throw error;
    }
  }
}

export async function updateCustomer(
  ctx: StoreContext,
  id: string,
  body: z.output<typeof updateCustomerBody>,
): Promise<Customer> {
  const repo = repoOf(ctx);
  if (!(await repo.row(id))) throw notFound('Customer');
  await assertContactsFree(repo, body, id);
  await rethrowDuplicate(
    ctx.db.transaction().execute(async (trx) => {
      const r = repoOf(ctx, trx);
      const before = await r.row(id, true);
      if (!before) throw notFound('Customer');
      const patch: Partial<CustomersTable> = {};
      for (const key of [
        'first_name',
        'last_name',
        'phone_number',
        'email_address',
        'address',
        'city',
        'state',
        'country',
        'notes',
      ] as const) {
        const value = body[key];
        if (value !== undefined) (patch as Record<string, unknown>)[key] = value ?? null;
      }
      await r.update(before, { ...patch, updated_at: ctx.now.toISOString() });
      await writeAudit(trx, ctx, {
        action: 'customer.updated',
        entity: 'customer',
        entityId: id,
        summary: `Customer ${patch.first_name ?? before.first_name} ${patch.last_name ?? before.last_name} updated`,
        before: auditable(before),
        after: auditable({ ...before, ...patch }),
      });
    }),
  );
  return (await repo.get(id))!;
}

/** Blocks or unblocks; doing it twice is harmless and writes no second audit row. */
export async function setCustomerBlocked(ctx: StoreContext, id: string, blocked: boolean): Promise<Customer> {
  await ctx.db.transaction().execute(async (trx) => {
    const r = repoOf(ctx, trx);
    const before = await r.row(id, true);
    if (!before) throw notFound('Customer');
    const isActive = blocked ? 0 : 1;
    if (before.is_active === isActive) return;
    await r.update(before, { is_active: isActive, updated_at: ctx.now.toISOString() });
    await writeAudit(trx, ctx, {
      action: blocked ? 'customer.blocked' : 'customer.unblocked',
      entity: 'customer',
      entityId: id,
      summary: `Customer ${before.first_name} ${before.last_name} ${blocked ? 'blocked' : 'unblocked'}`,
      before: { is_active: before.is_active === 1 },
      after: { is_active: !blocked },
    });
  });
  return (await repoOf(ctx).get(id))!;
}
