import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RouteDef } from '@tillbook/contract/common';
import { PERMISSION_GROUPS, PERMISSIONS, type Permission } from '@tillbook/contract/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, type Merchant } from './test/fixtures.js';
import { createTestApp, type TestApp } from './test/harness.js';
import { createMemberWith } from './test/sales-fixtures.js';

/**
 * Which permission each route needs, written out here rather than read from the contract, so
 * that a route whose permission is changed or dropped (in the contract or in the server) fails
 * this file until the change is made here too, on purpose. Permissions no route uses yet have
 * an empty list.
 */
const ROUTES_BY_PERMISSION: Record<Permission, string[]> = {
  'customers.view': [
    'POST /customers/:id/account/share',
    'GET /customers/paginated-results',
    'GET /customers/search/name',
    'GET /customers/filter-customer/:filter',
    'GET /customers/upload/template',
    'GET /customers/export',
    'GET /order/customer/:id',
    'GET /customers/:id',
    'GET /customers/owing',
    'GET /customers/owing/summary',
    'GET /customers/owing/export',
    'GET /customers/:id/account',
    'GET /customers/:id/account/statement.pdf',
  ],
  'customers.credit_override': ['PUT /customers/:id/credit_limit'],
  'customers.write_off': ['POST /customers/:id/account/write_off'],
  'customers.manage': [
    'POST /customers/auto-create',
    'POST /customers/upload',
    'POST /customers/create',
    'POST /customers/till',
    'PATCH /customers/update/:id',
  ],
  'customers.block': [
    'GET /customers/block/:id',
    'POST /customers/block/:id',
    'GET /customers/unblock/:id',
    'POST /customers/unblock/:id',
  ],
  'orders.view': [
    'POST /order/:id/share',
    'GET /order/:id/receipt.escpos',
    'GET /receipt_settings',
    'GET /discounts',
    'GET /discounts/export',
    'GET /discounts/search/:term',
    'GET /discounts/filter/:f',
    'GET /discounts/:id',
    'GET /order',
    'GET /order/export',
    'GET /order/filter',
    'GET /order/:id',
    'GET /order/:id/invoice',
    'GET /order/:id/invoice.pdf',
    'POST /order/:id/invoice/email',
    'GET /payment_received',
    'GET /payment_received/export',
    'GET /payment_received/:id',
  ],
  'shifts.own': [
    'POST /shifts/open',
    'GET /shifts/current',
    'GET /shifts',
    'GET /shifts/export',
    'GET /shifts/:id',
    'GET /shifts/:id/report',
    'POST /shifts/:id/cash',
    'POST /shifts/:id/close',
  ],
  // Checked by the shifts service on another member's shift (closing it, its figures).
  'shifts.manage': [],
  'orders.create': [
    'POST /order/:id/transfer/cancel',
    'POST /discounts/validate',
    'POST /order/quote',
    'POST /order',
    'GET /till/changes',
    'GET /till/settings',
    'GET /till/favourites',
    'GET /till/top-sellers',
    'GET /members/credit-approvers',
  ],
  // Checked inside the quote and the order for discounts above the store's limit (decision 0019).
  'orders.discount_override': [],
  'orders.update_status': [
    'POST /order/:id/share/revoke',
    'PATCH /order/status/:id',
    'POST /order/:id/offline-decision',
    'POST /order/:id/refund',
    'POST /order/:id/refund/quote',
  ],
  'discounts.manage': ['POST /discounts', 'POST /discounts/auto-create', 'PATCH /discounts/:id'],
  'payments.record': [
    'POST /payment_received/add_payment',
    'POST /customers/:id/account/payments',
    'GET /transfers/incoming',
    'POST /transfers/incoming/:id/match',
    'POST /transfers/incoming/:id/ignore',
  ],
  'products.view': [
    'GET /product/paginated/results',
    'GET /product/search',
    'GET /product/search-barcode',
    'GET /product/categories',
    'GET /product/upload/template',
    'GET /product/export',
    'GET /product/:id',
    'GET /product/:id/stock-movements',
  ],
  'products.manage': [
    'PUT /till/favourites/:id',
    'POST /product/create',
    'GET /product/auto-create',
    'POST /product/auto-create',
    'POST /product/category',
    'POST /product/upload',
    'PUT /product/:id',
    'DELETE /product/:id',
    'POST /product/:id/adjust-stock',
    'POST /product/:id/images',
    'DELETE /product/:id/images/:name',
  ],
  'vendors.view': ['GET /vendor', 'GET /vendor/export', 'GET /vendor/:id'],
  'vendors.manage': [
    'POST /vendor',
    'PATCH /vendor/update/:id',
    'POST /vendor/:id/addresses',
    'PATCH /vendor/update/address/:id',
    'DELETE /vendor/delete/address/:id',
  ],
  'purchase_orders.view': [
    'GET /purchase_order',
    'GET /purchase_order/export',
    'GET /purchase_order/vendor/:id',
    'GET /purchase_order/incoming/:id',
    'GET /purchase_order/:id',
  ],
  'purchase_orders.manage': [
    'POST /purchase_order',
    'POST /purchase_order/reorder',
    'PATCH /purchase_order/:id',
    'POST /purchase_order/:id/issue',
    'POST /purchase_order/:id/cancel',
  ],
  'purchase_orders.receive': ['POST /purchase_order/:id/receive'],
  'reports.view': [
    'GET /dashBoard/customers',
    'GET /dashBoard/product-sale',
    'GET /dashBoard/recent-orders',
    'GET /dashBoard/total-sales',
    'GET /dashBoard/today-sales',
    'GET /dashBoard/today-takings',
    'GET /dashBoard/total-customers',
    'GET /dashBoard/total-order',
    'GET /dashBoard/filter/:option',
    'GET /sales_report/all',
    'GET /sales_report/filter/sales',
    'GET /sales_report/items',
    'GET /sales_transactions/orders',
    'GET /sales_transactions/filter',
    'GET /sales_report/all/export',
    'GET /sales_report/filter/sales/export',
    'GET /sales_report/items/export',
    'GET /sales_transactions/export',
    'GET /sales_report/payment-types',
    'GET /sales_report/payment-types/export',
    'GET /sales_report/cashiers',
    'GET /sales_report/cashiers/export',
  ],
  'wallet.view': [
    'GET /wallet/details',
    'GET /wallet/transactions',
    'GET /wallet/transactions/export',
    'GET /wallet/bankcode',
    'GET /wallet/beneficiaries',
    'POST /wallet/validate',
    'POST /wallet/transactions/:id/share',
  ],
  'wallet.transfer': ['POST /wallet', 'POST /wallet/transfer', 'POST /wallet/sandbox/deposit'],
  'settings.manage': [
    'PUT /receipt_settings',
    'PUT /user/business-number/:id',
    'POST /shipping',
    'PATCH /shipping/update/:id',
    'DELETE /shipping/delete/:id',
    'PATCH /stores/details',
    'PATCH /stores/currency',
    'PATCH /stores/address',
    'PATCH /user/brand-photo',
    'POST /tax',
    'PATCH /tax/update/:id',
    'DELETE /tax/delete/:id',
    'PUT /payment/settlement-account',
    'PUT /till/settings',
  ],
  'stores.manage': ['POST /add-branch'],
  'members.manage': [
    'GET /members/all-members',
    'POST /members/add-member',
    'POST /members/change-role/:id',
    'DELETE /members/delete-member/:id',
    'POST /members/resend-invite/:id',
  ],
  'roles.manage': ['POST /roles', 'PATCH /roles/:id', 'DELETE /roles/:id'],
  'audits.view': ['GET /audits', 'GET /audits/export', 'GET /audits/search/:term', 'GET /audits/:id'],
  'developers.manage': [
    'GET /webhooks/endpoints',
    'POST /webhooks/endpoints',
    'PATCH /webhooks/endpoints/:id',
    'DELETE /webhooks/endpoints/:id',
    'GET /webhooks/deliveries',
    'POST /webhooks/deliveries/:id/resend',
    'GET /developer/generate-keys',
    'GET /developer/keys',
    'POST /developer/keys/:id/roll',
    'POST /developer/keys/:id/reveal',
    'PATCH /developer/keys/:id',
    'GET /developer/usage',
    'POST /developer/sandbox/reset',
  ],
  'subscription.manage': ['POST /subscription/subscribe'],
};

const LABELS = new Map<string, string>(
  PERMISSION_GROUPS.flatMap((g) => g.permissions.map((p) => [p.key, p.label] as const)),
);

/** Every route of every route table of the contract, one entry per method. */
async function contractRoutes(): Promise<Array<{ route: string; access: string }>> {
  const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../packages/contract/src');
  const areas = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  const found: Array<{ route: string; access: string }> = [];
  // A file may re-export another's route table (`reports` re-exports the dashboard's): once each.
  const seen = new Set<object>();
  for (const file of areas) {
    const area = (await import(`@tillbook/contract/${file.slice(0, -3)}`)) as Record<string, unknown>;
    for (const table of Object.values(area)) {
      if (!table || typeof table !== 'object' || seen.has(table)) continue;
      seen.add(table);
      for (const def of Object.values(table as Record<string, unknown>)) {
        if (!def || typeof def !== 'object' || !('path' in def && 'access' in def && 'method' in def))
          continue;
        const { method, path: p, access } = def as RouteDef;
        for (const m of [method].flat()) found.push({ route: `${m} ${p}`, access });
      }
    }
  }
  return found;
}

/** A path with every `:param` filled by a value no record has. */
const fill = (route: string) => {
  const [method, p] = route.split(' ') as [string, string];
  return { method, url: p.replace(/:\w+/g, '01970000-0000-7000-8000-000000000000') };
};

let t: TestApp;
let owner: Merchant;
let member: Merchant & { roleId: string };
beforeAll(async () => {
  t = await createTestApp();
  owner = await createMerchant(t);
  member = await createMemberWith(t, owner, [...PERMISSIONS]);
});
afterAll(async () => t.close());

async function grant(permissions: readonly Permission[]) {
  const res = await t.call('PATCH', `/roles/${member.roleId}`, {
    token: owner.token,
    body: { permissions },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

const callAsMember = (route: string) => {
  const { method, url } = fill(route);
  return t.call(method, url, { token: member.token, query: { storeId: owner.storeId } });
};

describe('the permission of every route', () => {
  it('the contract asks for the permission written here, route by route', async () => {
    const needed = (await contractRoutes()).filter((r) => !['public', 'user', 'member'].includes(r.access));
    const byPermission = Object.fromEntries(PERMISSIONS.map((p) => [p, [] as string[]]));
    for (const r of needed) byPermission[r.access]!.push(r.route);
    const sorted = (o: Record<string, string[]>) =>
      Object.fromEntries(Object.entries(o).map(([k, v]) => [k, [...v].sort()]));
    expect(sorted(byPermission)).toEqual(sorted(ROUTES_BY_PERMISSION));
    expect(needed.length).toBe(Object.values(ROUTES_BY_PERMISSION).flat().length);
  });

  const cases = Object.entries(ROUTES_BY_PERMISSION)
    .filter(([, routes]) => routes.length > 0)
    .map(([permission, routes]) => ({ permission: permission as Permission, routes }));

  it.each(cases)(
    '$permission: refused with 403 without it, let through with it',
    async ({ permission, routes }) => {
      await grant(PERMISSIONS.filter((p) => p !== permission));
      for (const route of routes) {
        const res = await callAsMember(route);
        expect({ route, status: res.status, code: res.body?.error?.code }).toEqual({
          route,
          status: 403,
          code: 'FORBIDDEN',
        });
        expect(res.body.message).toBe(
          `You do not have permission to do this (${LABELS.get(permission)}: ${permission}). Ask the store owner to give your role this permission.`,
        );
      }
      await grant(PERMISSIONS);
      for (const route of routes) {
        const res = await callAsMember(route);
        // Past the permission check the call meets validation or a missing record, or succeeds.
        expect({ route, status: res.status }).not.toEqual({ route, status: 403 });
        expect(res.status, `${route}: ${JSON.stringify(res.body)}`).toBeLessThan(500);
      }
    },
  );
});
