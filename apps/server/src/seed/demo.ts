import type { Kysely } from 'kysely';
import type { AppConfig } from '../config.js';
import type { Database } from '../db/schema.js';
import { newId } from '../lib/ids.js';
import { hashPassword } from '../lib/passwords.js';
import { createStoreRecords, insertMembership } from '../modules/stores/stores.public.js';
import { givePlanForAYear } from '../modules/subscriptions/subscriptions.public.js';
import { findUserByEmail, insertUser } from '../modules/users/users.public.js';
import { seedDemoCatalogue } from './demo-catalogue.js';
import { seedDemoCharges } from './demo-charges.js';
import { seedDemoPurchasing } from './demo-purchasing.js';
import { seedSalesDemo } from './demo-sales.js';
import { systemContext } from './system-context.js';

export const DEMO_PASSWORD = 'tillbook-demo-1';

export interface DemoPeople {
  owner: { email: string; password: string };
  staff: Array<{ email: string; role: string; password: string }>;
  storeId: string;
  branchId: string;
}

const STAFF = [
  { key: 'admin', first: 'Adaeze', last: 'Okafor', email: 'admin@demo.tillbook.ng' },
  { key: 'manager', first: 'Tunde', last: 'Bakare', email: 'manager@demo.tillbook.ng' },
  { key: 'cashier', first: 'Zainab', last: 'Musa', email: 'cashier@demo.tillbook.ng' },
] as const;

/**
 * A demo merchant: the owner, a store with a branch, and a member of each staff role, all
 * verified and sharing one password, on a Growth plan that has room for them. Returns null when `onlyIfEmpty` and users already exist.
 */
export async function seedDemo(
  db: Kysely<Database>,
  config: AppConfig,
  options: { onlyIfEmpty?: boolean } = {},
): Promise<DemoPeople | null> {
  if (options.onlyIfEmpty) {
    const any = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
    if (any) return null;
  }
  const existing = await findUserByEmail(db, 'owner@demo.tillbook.ng');
  if (existing) throw new Error('The demo merchant already exists (owner@demo.tillbook.ng).');

  const ctx = systemContext(db, config);
  const now = ctx.now.toISOString();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const user = (id: string, email: string, first: string, last: string, phone: string) => ({
    id,
    email,
    password_hash: passwordHash,
    first_name: first,
    last_name: last,
    phone_number: phone,
    country: 'Nigeria',
    business_name: 'Mama Nkechi Provisions',
    email_verified_at: now,
    photo_url: null,
    website: null,
    billing_contact: null,
    created_at: now,
    updated_at: now,
  });

  const people = await db.transaction().execute(async (trx) => {
    const ownerId = newId();
    await insertUser(trx, user(ownerId, 'owner@demo.tillbook.ng', 'Nkechi', 'Eze', '+2348031234567'));
    const store = await createStoreRecords(
      trx,
      ctx,
      {
        business_name: 'Mama Nkechi Provisions',
        industry: 'Groceries',
        address: '12 Allen Avenue',
        city: 'Ikeja',
        state: 'Lagos',
        country: 'Nigeria',
        currency: 'NGN',
        timezone: 'Africa/Lagos',
        phone_number: '+2348031234567',
      },
      { userId: ownerId, parentStoreId: null },
    );
    const branch = await createStoreRecords(
      trx,
      ctx,
      {
        business_name: 'Mama Nkechi Provisions - Lekki',
        address: '5 Admiralty Way',
        city: 'Lekki',
        state: 'Lagos',
        country: 'Nigeria',
        currency: 'NGN',
        timezone: 'Africa/Lagos',
      },
      { userId: ownerId, parentStoreId: store.id },
    );
    // Four people and a branch are more than the free Starter plan holds: a year of Growth.
    await givePlanForAYear(
      trx,
      config,
      { id: store.id, timezone: 'Africa/Lagos', currency: 'NGN' },
      'GRO002',
      ownerId,
      ctx.now,
    );
    const roles = await trx
      .selectFrom('roles')
      .select(['id', 'key'])
      .where('store_id', '=', store.id)
      .execute();
    const staff: DemoPeople['staff'] = [];
    for (const [i, s] of STAFF.entries()) {
      const id = newId();
      await insertUser(trx, user(id, s.email, s.first, s.last, `+23480312345${70 + i}`));
      await insertMembership(trx, {
        storeId: store.id,
        userId: id,
        roleId: roles.find((r) => r.key === s.key)!.id,
        status: 'active',
        invitedBy: ownerId,
        now,
      });
      staff.push({ email: s.email, role: s.key, password: DEMO_PASSWORD });
    }
    return {
      owner: { email: 'owner@demo.tillbook.ng', password: DEMO_PASSWORD },
      staff,
      storeId: store.id,
      branchId: branch.id,
    };
  });
  await seedDemoCatalogue(db, config, people.storeId);
  await seedSalesDemo(db, config, people.storeId);
  await seedDemoPurchasing(db, config, people.storeId);
  await seedDemoCharges(db, config, people.storeId);
  return people;
}
