import type { AddressType, Vendor, VendorAddress } from '@tillbook/contract/vendors';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { offsetOf, pageOf, type Page } from '../../lib/pagination.js';
import { containsText } from '../../lib/sql.js';
import type { VendorAddressesTable, VendorsTable } from './vendors.tables.js';

type Db = Kysely<Database> | Transaction<Database>;

const OPEN_STATUSES = ['draft', 'issued', 'partially_received'] as const;

export function toAddress(row: VendorAddressesTable): VendorAddress {
  const { store_id: _s, ...rest } = row;
  return { ...rest, is_default: row.is_default === 1 };
}

function toVendor(row: VendorsTable & { open_purchase_orders?: number | null }): Vendor {
  const { store_id: _s, ...rest } = row;
  return { ...rest, open_purchase_orders: row.open_purchase_orders ?? 0 };
}

/** Vendors and their addresses in one store; every query is built from the store's id. */
export function vendorsRepository(db: Db, storeId: string) {
  const withOpenCount = () =>
    db
      .selectFrom('vendors as v')
      .selectAll('v')
      .select((eb) =>
        eb
          .selectFrom('purchase_orders as po')
          .select((e) => e.fn.countAll<number>().as('n'))
          .where('po.store_id', '=', storeId)
          .whereRef('po.vendor_id', '=', 'v.id')
          .where('po.status', 'in', OPEN_STATUSES)
          .as('open_purchase_orders'),
      )
      .where('v.store_id', '=', storeId);

  return {
    async list(q: {
      page: number;
      perPage: number;
      status?: string;
      search?: string;
    }): Promise<Page<Vendor>> {
      let items = withOpenCount();
      let count = db
        .selectFrom('vendors as v')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('v.store_id', '=', storeId);
      if (q.status) {
        items = items.where('v.status', '=', q.status as Vendor['status']);
        count = count.where('v.status', '=', q.status as Vendor['status']);
      }
      if (q.search) {
        const term = q.search;
        const match = ['v.name', 'v.company_name', 'v.email', 'v.phone_number'].map((c) =>
          containsText(c, term),
        );
        items = items.where((eb) => eb.or(match));
        count = count.where((eb) => eb.or(match));
      }
      const [rows, total] = await Promise.all([
        items.orderBy('v.id', 'desc').limit(q.perPage).offset(offsetOf(q)).execute(),
        count.executeTakeFirstOrThrow(),
      ]);
      return pageOf(rows.map(toVendor), total.n, q);
    },

    async get(id: string): Promise<Vendor | undefined> {
      const row = await withOpenCount().where('v.id', '=', id).executeTakeFirst();
      return row && toVendor(row);
    },

    findRow: (id: string) =>
      db
        .selectFrom('vendors')
        .selectAll()
        .where('store_id', '=', storeId)
        .where('id', '=', id)
        .executeTakeFirst(),

    async insert(row: VendorsTable): Promise<void> {
      await db.insertInto('vendors').values(row).execute();
    },

    update: (id: string, values: Partial<VendorsTable>) =>
      db
        .updateTable('vendors')
        .set(values)
        .where('store_id', '=', storeId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow(),

    addresses: (vendorId: string) =>
      db
        .selectFrom('vendor_addresses')
        .selectAll()
        .where('store_id', '=', storeId)
        .where('vendor_id', '=', vendorId)
        .orderBy('type')
        .orderBy('is_default', 'desc')
        .orderBy('id')
        .execute(),

    findAddress: (id: string) =>
      db
        .selectFrom('vendor_addresses')
        .selectAll()
        .where('store_id', '=', storeId)
        .where('id', '=', id)
        .executeTakeFirst(),

    async insertAddress(row: VendorAddressesTable): Promise<void> {
      await db.insertInto('vendor_addresses').values(row).execute();
    },

    updateAddress: (id: string, values: Partial<VendorAddressesTable>) =>
      db
        .updateTable('vendor_addresses')
        .set(values)
        .where('store_id', '=', storeId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow(),

    async deleteAddress(id: string): Promise<void> {
      await db.deleteFrom('vendor_addresses').where('store_id', '=', storeId).where('id', '=', id).execute();
    },

    /** Clears the default flag of a vendor's other addresses of a type. */
    async clearDefault(vendorId: string, type: AddressType, exceptId: string): Promise<void> {
      await db
        .updateTable('vendor_addresses')
        .set({ is_default: 0 })
        .where('store_id', '=', storeId)
        .where('vendor_id', '=', vendorId)
        .where('type', '=', type)
        .where('id', '!=', exceptId)
        .execute();
    },

    /** Makes the newest remaining address of a type the default when none is. */
    async ensureDefault(vendorId: string, type: AddressType, now: string): Promise<void> {
      const rows = await db
        .selectFrom('vendor_addresses')
        .select(['id', 'is_default'])
        .where('store_id', '=', storeId)
        .where('vendor_id', '=', vendorId)
        .where('type', '=', type)
        .orderBy('id', 'desc')
        .execute();
      if (rows.length && !rows.some((r) => r.is_default === 1)) {
        await db
          .updateTable('vendor_addresses')
          .set({ is_default: 1, updated_at: now })
          .where('store_id', '=', storeId)
          .where('id', '=', rows[0]!.id)
          .execute();
      }
    },
  };
}
