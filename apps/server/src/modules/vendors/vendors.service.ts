import type {
  addressBody,
  createVendorBody,
  updateAddressBody,
  updateVendorBody,
  Vendor,
  VendorAddress,
  VendorDetail,
} from '@tillbook/contract/vendors';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.js';
import { notFound } from '../../lib/app-error.js';
import { writeAudit } from '../../lib/audit.js';
import type { StoreContext } from '../../lib/context.js';
import { newId } from '../../lib/ids.js';
import { vendorPurchaseSummary } from './vendor-purchases.queries.js';
import type { VendorAddressesTable, VendorsTable } from './vendors.tables.js';
import { toAddress, vendorsRepository } from './vendors.repository.js';

type AddressInput = z.output<typeof addressBody>;

export const listVendors = (
  ctx: StoreContext,
  q: { page: number; perPage: number; status?: string; search?: string },
) => vendorsRepository(ctx.db, ctx.storeId).list(q);

export async function vendorOr404(
  ctx: StoreContext,
  id: string,
  db: StoreContext['db'] | Transaction<Database> = ctx.db,
): Promise<VendorsTable> {
  const row = await vendorsRepository(db, ctx.storeId).findRow(id);
  if (!row) throw notFound('Vendor');
  return row;
}

export async function getVendor(ctx: StoreContext, id: string): Promise<VendorDetail> {
  const repo = vendorsRepository(ctx.db, ctx.storeId);
  const vendor = await repo.get(id);
  if (!vendor) throw notFound('Vendor');
  const [addresses, summary] = await Promise.all([
    repo.addresses(id),
    vendorPurchaseSummary(ctx.db, ctx.storeId, id),
  ]);
  return { ...vendor, addresses: addresses.map(toAddress), purchase_orders_summary: summary };
}

/** Inserts an address, keeping exactly one default per type: the first of a type is the default. */
async function insertAddress(
  trx: Transaction<Database>,
  ctx: StoreContext,
  vendorId: string,
  input: AddressInput,
): Promise<VendorAddressesTable> {
  const repo = vendorsRepository(trx, ctx.storeId);
  const now = ctx.now.toISOString();
  const sameType = (await repo.addresses(vendorId)).filter((a) => a.type === input.type);
  const row: VendorAddressesTable = {
    id: newId(),
    store_id: ctx.storeId,
    vendor_id: vendorId,
    label: input.label ?? null,
    type: input.type,
    line1: input.line1,
    line2: input.line2 ?? null,
    city: input.city,
    state: input.state ?? null,
    country: input.country,
    postal_code: input.postal_code ?? null,
    is_default: input.is_default || sameType.length === 0 ? 1 : 0,
    created_at: now,
    updated_at: now,
  };
  await repo.insertAddress(row);
  if (row.is_default) await repo.clearDefault(vendorId, row.type, row.id);
  return row;
}

export async function createVendor(
  ctx: StoreContext,
  body: z.output<typeof createVendorBody>,
): Promise<VendorDetail> {
  const now = ctx.now.toISOString();
  const id = newId();
  await ctx.db.transaction().execute(async (trx) => {
    const row: VendorsTable = {
      id,
      store_id: ctx.storeId,
      name: body.name,
      company_name: body.company_name ?? null,
      email: body.email ?? null,
      phone_number: body.phone_number ?? null,
      website: body.website ?? null,
      status: body.status ?? 'active',
      notes: body.notes ?? null,
      created_at: now,
      updated_at: now,
    };
    await vendorsRepository(trx, ctx.storeId).insert(row);
    for (const address of body.addresses ?? []) await insertAddress(trx, ctx, id, address);
    const { store_id: _s, ...after } = row;
    await writeAudit(trx, ctx, {
      action: 'vendor.created',
      entity: 'vendor',
      entityId: id,
      summary: `Vendor "${row.name}" added`,
      after: { ...after, addresses: body.addresses?.length ?? 0 },
    });
  });
  return getVendor(ctx, id);
}

export async function updateVendor(
  ctx: StoreContext,
  id: string,
  body: z.output<typeof updateVendorBody>,
): Promise<VendorDetail> {
  const before = await vendorOr404(ctx, id);
  await ctx.db.transaction().execute(async (trx) => {
    const after = await vendorsRepository(trx, ctx.storeId).update(id, {
      ...body,
      updated_at: ctx.now.toISOString(),
    });
    await writeAudit(trx, ctx, {
      action:
        before.status !== after.status
          ? `vendor.${after.status === 'active' ? 'activated' : 'deactivated'}`
          : 'vendor.updated',
      entity: 'vendor',
      entityId: id,
      summary: `Vendor "${after.name}" updated`,
      before: before,
      after: after,
    });
  });
  return getVendor(ctx, id);
}

export async function addVendorAddress(
  ctx: StoreContext,
  vendorId: string,
  body: AddressInput,
): Promise<VendorAddress> {
  const vendor = await vendorOr404(ctx, vendorId);
  const row = await ctx.db.transaction().execute(async (trx) => {
    const inserted = await insertAddress(trx, ctx, vendorId, body);
    await writeAudit(trx, ctx, {
      action: 'vendor.address_added',
      entity: 'vendor',
      entityId: vendorId,
      summary: `${body.type} address added to "${vendor.name}"`,
      after: toAddress(inserted),
    });
    return inserted;
  });
  return toAddress(row);
}

export async function updateVendorAddress(
  ctx: StoreContext,
  id: string,
  body: z.output<typeof updateAddressBody>,
): Promise<VendorAddress> {
  const repo = vendorsRepository(ctx.db, ctx.storeId);
  const before = await repo.findAddress(id);
  if (!before) throw notFound('Address');
  const now = ctx.now.toISOString();
  const row = await ctx.db.transaction().execute(async (trx) => {
    const r = vendorsRepository(trx, ctx.storeId);
    const { is_default, ...fields } = body;
    // Unsetting the only default is not allowed to leave a type without one: ensureDefault puts it back.
    const after = await r.updateAddress(id, {
      ...fields,
      ...(is_default !== undefined ? { is_default: is_default ? 1 : 0 } : {}),
      updated_at: now,
    });
    if (after.is_default) await r.clearDefault(after.vendor_id, after.type, after.id);
    if (before.type !== after.type) await r.ensureDefault(after.vendor_id, before.type, now);
    await r.ensureDefault(after.vendor_id, after.type, now);
    const final = (await r.findAddress(id))!;
    await writeAudit(trx, ctx, {
      action: 'vendor.address_updated',
      entity: 'vendor',
      entityId: after.vendor_id,
      summary: 'Vendor address updated',
      before: toAddress(before),
      after: toAddress(final),
    });
    return final;
  });
  return toAddress(row);
}

export async function deleteVendorAddress(ctx: StoreContext, id: string): Promise<{ id: string }> {
  const before = await vendorsRepository(ctx.db, ctx.storeId).findAddress(id);
  if (!before) throw notFound('Address');
  await ctx.db.transaction().execute(async (trx) => {
    const r = vendorsRepository(trx, ctx.storeId);
    await r.deleteAddress(id);
    await r.ensureDefault(before.vendor_id, before.type, ctx.now.toISOString());
    await writeAudit(trx, ctx, {
      action: 'vendor.address_deleted',
      entity: 'vendor',
      entityId: before.vendor_id,
      summary: 'Vendor address deleted',
      before: toAddress(before),
    });
  });
  return { id };
}

export type { Vendor };
