import { customersRoutes } from '@tillbook/contract/customers';
import { productsRoutes } from '@tillbook/contract/products';
import type { RouteDef } from '@tillbook/contract/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, type Merchant } from './test/fixtures.js';
import { createTestApp, type TestApp } from './test/harness.js';

/** The products and customers rows of the spec's call table (docs/spec/calls.tsv), verbatim. */
const CALLS_TSV = `
customers	GET	/api/v1/customers/paginated-results?page&perPage&storeId	
customers	GET	/api/v1/customers/search/name/?first	
customers	GET	/api/v1/customers/filter-customer/{filter}	
customers	POST	/api/v1/customers/auto-create	'Customer generated successfully'
customers	GET	/api/v1/customers/{id}?storeId	
customers	POST	/api/v1/customers/create	'Customer added succefully'
customers	PATCH	/api/v1/customers/update/{id}	'Customer updated successfully!!'
customers	GET	/api/v1/customers/block/{id}	POST accepted too
customers	GET	/api/v1/customers/unblock/{id}	POST accepted too
customers	GET	/api/v1/order/customer/{id}	
customers	POST	/api/v1/customers/upload	
orders	GET	/api/v1/product/search-barcode/?barcode&storeId	
products	GET	/api/v1/product/paginated/results/?page&perPage&storeId	
products	GET	/api/v1/product/auto-create	POST accepted too
products	GET	/api/v1/product/search/?name&storeId	
products	POST	/api/v1/product/create	
products	GET	/api/v1/product/{id}	
products	PUT	/api/v1/product/{id}?storeId	
products	DELETE	/api/v1/product/{id}?storeId	'Product Deleted!!'
products	POST	/api/v1/product/category	
products	GET	/api/v1/product/categories	
products	POST	/api/v1/product/upload	
`;

const calls = CALLS_TSV.trim()
  .split('\n')
  .flatMap((line) => {
    const [, method, path, note] = line.split('\t') as [string, string, string, string | undefined];
    const methods = note?.includes('POST accepted too') ? [method, 'POST'] : [method];
    return methods.map((m) => ({ method: m, path }));
  });

/** `/api/v1/product/{id}?storeId` → `/product/:id` */
const pattern = (path: string) =>
  path
    .split('?')[0]!
    .replace(/^\/api\/v1/, '')
    .replace(/\/$/, '')
    .replace(/\{(\w+)\}/g, ':$1');

const table: RouteDef[] = [...Object.values(productsRoutes), ...Object.values(customersRoutes)];

let t: TestApp;
let m: Merchant;
beforeAll(async () => {
  t = await createTestApp();
  m = await createMerchant(t);
});
afterAll(async () => t.close());

describe("the spec's products and customers calls", () => {
  it('reads all 22 rows of the table', () => {
    expect(CALLS_TSV.trim().split('\n')).toHaveLength(22);
    // Three rows are served with POST as well as GET.
    expect(calls).toHaveLength(25);
  });

  it.each(calls)('$method $path is in the contract', ({ method, path }) => {
    const found = table.find((r) => {
      const methods = Array.isArray(r.method) ? r.method : [r.method];
      return r.path === pattern(path) && methods.includes(method as never);
    });
    expect(found, `${method} ${pattern(path)}`).toBeDefined();
  });

  it.each(calls)('$method $path is served', async ({ method, path }) => {
    const url = path
      .split('?')[0]!
      .replace('{filter}', 'active')
      .replace(/\{id\}/, '01970000-0000-7000-8000-000000000000');
    const res = await t.call(method, url, { token: m.token, query: { storeId: m.storeId } });
    const message = String(res.body?.message ?? '');
    expect(message.startsWith('No route'), `${method} ${url}: ${message}`).toBe(false);
    expect(res.status).toBeLessThan(500);
  });
});
