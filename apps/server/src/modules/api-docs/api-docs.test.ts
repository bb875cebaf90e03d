import { Validator } from '@seriousme/openapi-schema-validator';
import { apiRouteTables } from '@tillbook/contract/api';
import type { RouteDef } from '@tillbook/contract/common';
import { apiKeysOf, openApiPath } from '@tillbook/contract/openapi';
import { productsRoutes } from '@tillbook/contract/products';
import { vendorsRoutes } from '@tillbook/contract/vendors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';

interface Operation {
  operationId: string;
  summary: string;
  security: Array<Record<string, string[]>>;
  'x-access': string;
  'x-permission'?: string;
  'x-api-keys'?: string[];
  'x-public-key-query'?: { properties: Record<string, { enum?: string[] }> };
  description?: string;
  parameters?: Array<{ name: string; in: string; required: boolean; schema: Record<string, unknown> }>;
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { $ref?: string; content?: Record<string, { schema: Record<string, any> }> }>;
}
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

let t: TestApp;
let doc: Document;
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  doc = res.json();
});
afterAll(async () => t.close());

/**
 * The routes in Fastify's printed tree (`├── /segment (GET, HEAD)`, four columns a level): each
 * line's path is its parent's followed by its own segment.
 */
function servedRoutes(tree: string): Array<{ path: string; methods: string[] }> {
  const stack: string[] = [];
  const routes: Array<{ path: string; methods: string[] }> = [];
  for (const line of tree.split('\n')) {
    const m = /^([│ ]*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    stack.length = depth;
    const path = (stack[depth - 1] ?? '') + m[2]!;
    stack.push(path);
    if (m[3]) routes.push({ path, methods: m[3].split(', ') });
  }
  return routes;
}

const tables = apiRouteTables as Record<string, Record<string, RouteDef>>;
const routesOf = (def: RouteDef) => (Array.isArray(def.method) ? def.method : [def.method]) as string[];

describe('GET /api/v1/openapi.json', () => {
  it('is served without a session and is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('lists every route of every route table, with its summary and access', () => {
    let count = 0;
    for (const [area, table] of Object.entries(tables)) {
      for (const [key, def] of Object.entries(table)) {
        for (const method of routesOf(def)) {
          const op = doc.paths[openApiPath(def.path)]?.[method.toLowerCase()];
          expect(op, `${area}.${key}: ${method} ${def.path}`).toBeDefined();
          expect(op!.summary).toBe(def.summary);
          expect(op!['x-access']).toBe(def.access);
          expect(op!.security).toEqual(def.access === 'public' ? [] : [{ sessionToken: [] }]);
          count++;
        }
      }
    }
    const documented = Object.values(doc.paths).reduce((n, item) => n + Object.keys(item).length, 0);
    expect(documented).toBe(count);
  });

  it('documents every route the server serves under /api/v1', () => {
    // Fastify's own list of what it serves, so a table left out of apiRouteTables fails here.
    const served = servedRoutes(t.app.printRoutes({ commonPrefix: false }))
      .filter((r) => r.path.startsWith('/api/v1/'))
      .flatMap(({ path, methods }) =>
        methods.filter((m) => m !== 'HEAD').map((m) => `${m} ${openApiPath(path.slice('/api/v1'.length))}`),
      );
    expect(served.length).toBeGreaterThan(100);
    const missing = served.filter((r) => {
      const [method, path] = r.split(' ');
      return !doc.paths[path!]?.[method!.toLowerCase()];
    });
    expect(missing).toEqual([]);
  });

  it('gives a permission route its permission, path parameters in braces and the error answers', () => {
    expect(vendorsRoutes.update.path).toBe('/vendor/update/:id');
    const op = doc.paths['/vendor/update/{id}']!.patch!;
    expect(op['x-permission']).toBe('vendors.manage');
    expect(op.parameters).toContainEqual(expect.objectContaining({ name: 'id', in: 'path', required: true }));
    expect(Object.keys(op.requestBody!.content)).toEqual(['application/json']);
    expect(Object.keys(op.responses).sort()).toEqual(['2XX', '400', '401', '403', '404', '409', '422']);
    expect(op.responses['400']!.$ref).toBe('#/components/responses/BadRequest');
  });

  it("puts a paginated route's items under data with pagination, from its response schema", () => {
    const op = doc.paths[openApiPath(vendorsRoutes.list.path)]!.get!;
    const schema = op.responses['2XX']!.content!['application/json']!.schema;
    expect(schema.properties.data.type).toBe('array');
    expect(Object.keys(schema.properties.data.items.properties)).toEqual(
      expect.arrayContaining(['id', 'name', 'email']),
    );
    expect(schema.properties.pagination).toEqual({ $ref: '#/components/schemas/Pagination' });
    expect(schema.required).toContain('pagination');
    // A list's query: its filters, the page and the store.
    const names = op.parameters!.map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['page', 'perPage', 'status', 'search', 'storeId']));
    expect(op.responses['409']).toBeUndefined();
  });

  it('documents a public route without a session, and file answers by their type', () => {
    const self = doc.paths['/openapi.json']!.get!;
    expect(self.security).toEqual([]);
    expect(self.responses['401']).toBeUndefined();
    expect(Object.keys(self.responses['2XX']!.content!)).toEqual(['application/json']);
    for (const table of Object.values(tables)) {
      for (const def of Object.values(table)) {
        if (!def.file) continue;
        for (const method of routesOf(def)) {
          const op = doc.paths[openApiPath(def.path)]![method.toLowerCase()]!;
          expect(Object.keys(op.responses['2XX']!.content!)).toEqual([def.file]);
        }
      }
    }
  });

  it('says which kinds of API key may call each route (decision 0046)', () => {
    for (const table of Object.values(tables)) {
      for (const def of Object.values(table)) {
        for (const method of routesOf(def)) {
          const op = doc.paths[openApiPath(def.path)]![method.toLowerCase()]!;
          if (def.access === 'public') expect(op['x-api-keys']).toBeUndefined();
          else expect(op['x-api-keys'], `${method} ${def.path}`).toEqual(apiKeysOf(def));
        }
      }
    }
    const keysOf = (path: string, method = 'get') => doc.paths[path]![method]!['x-api-keys'];
    expect(keysOf('/product/paginated/results')).toEqual([
      'pk_test',
      'pk_live',
      'sk_test',
      'sk_test_read',
      'sk_live',
      'sk_live_read',
    ]);
    expect(keysOf('/product/create', 'post')).toEqual(['sk_test', 'sk_live']);
    expect(keysOf('/audits')).toEqual([]);
    expect(keysOf('/audits/{id}')).toEqual([]);
    expect(keysOf('/wallet/details')).toEqual(['sk_test', 'sk_test_read']);
    expect(keysOf('/developer/keys')).toEqual([]);
    expect(doc.paths['/audits']!.get!.description).toBe('API keys: none; a signed-in person only.');
  });

  it('gives a public key its own answer and query on the catalogue routes', () => {
    const routes = Object.values(productsRoutes).filter((def) => 'publicKey' in def && def.publicKey);
    expect(routes.map((def) => def.path).sort()).toEqual([
      '/product/:id',
      '/product/categories',
      '/product/paginated/results',
      '/product/search',
      '/product/search-barcode',
    ]);
    const op = doc.paths['/product/paginated/results']!.get!;
    const data = op.responses['2XX']!.content!['application/json']!.schema.properties.data;
    const [full, pub] = data.anyOf as Array<{
      title: string;
      items: { properties: Record<string, unknown> };
    }>;
    expect(full!.items.properties).toHaveProperty('cost_price');
    expect(pub!.title).toMatch(/public key/);
    const fields = Object.keys(pub!.items.properties);
    expect(fields).toEqual(
      expect.arrayContaining(['id', 'name', 'price', 'images', 'in_stock', 'categories']),
    );
    for (const internal of ['cost_price', 'quantity', 'low_stock_threshold', 'stock_status', 'revenue']) {
      expect(fields).not.toContain(internal);
    }
    expect(op['x-public-key-query']!.properties.sort!.enum).toEqual(['created_at', 'name', 'price']);
    expect(Object.keys(op['x-public-key-query']!.properties)).not.toContain('stock');
    expect(op.description).toMatch(/public key gets the public catalogue/);
    const one = doc.paths['/product/{id}']!.get!.responses['2XX']!.content!['application/json']!.schema;
    expect(Object.keys(one.properties.data.anyOf[1].properties)).not.toContain('cost_price');
    // A route a public key may not call has one answer.
    const create = doc.paths['/product/create']!.post!.responses['2XX']!.content!['application/json']!.schema;
    expect(create.properties.data.anyOf).toBeUndefined();
  });
});
