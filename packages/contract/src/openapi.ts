import { z } from 'zod';
import { paginationSchema, type RouteDef } from './common.js';
import { API_KEY_KINDS, apiKeyMayCall, type ApiKeyKindName } from './developers.js';
import { ERROR_STATUS } from './errors.js';

/**
 * The OpenAPI 3.1 document of the API, generated from the route tables (decision 0028): paths,
 * methods, summaries, who may call each route, the request's schemas and the answer's envelope
 * with the route's `response` as its `data`. Schemas are converted by zod's own
 * `z.toJSONSchema` (JSON Schema 2020-12, the dialect of OpenAPI 3.1).
 */

type JsonSchema = Record<string, unknown>;
type Io = 'input' | 'output';

export interface OpenApiInfo {
  title: string;
  version: string;
  description?: string;
}

/** The path prefix every table's paths are under. */
export const API_PREFIX = '/api/v1';

const SECURITY_SCHEME = 'sessionToken';

/** Converts a zod schema: `input` for what a client sends (defaults optional), `output` for answers. */
export function toJsonSchema(schema: z.ZodType, io: Io): JsonSchema {
  const json = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    // Transforms and custom checks have no JSON form: they become "any value" rather than fail.
    unrepresentable: 'any',
    override: (ctx) => {
      const def = (ctx.zodSchema as unknown as { _zod: { def: ZodDef } })._zod.def;
      const target = ctx.jsonSchema as JsonSchema;
      // z.preprocess (query numbers, aliases): the value checked is the inner schema's.
      if (def.type === 'pipe' && def.in?._zod.def.type === 'transform' && def.out) {
        replace(target, toJsonSchema(def.out as unknown as z.ZodType, io));
      } else if (def.type === 'date') {
        // Dates travel as ISO text in JSON.
        replace(target, { type: 'string', format: 'date-time' });
      } else if (def.type === 'object' && io === 'output' && def.catchall === undefined) {
        // zod strips unknown keys when it parses; the server's answer may still carry more.
        delete target.additionalProperties;
      }
    },
  }) as JsonSchema;
  delete json.$schema;
  return json;
}

interface ZodDef {
  type: string;
  in?: { _zod: { def: { type: string } } };
  out?: unknown;
  catchall?: unknown;
}

function replace(target: JsonSchema, value: JsonSchema): void {
  for (const key of Object.keys(target)) delete target[key];
  const { $schema: _ignored, ...rest } = value;
  Object.assign(target, rest);
}

/** Fastify's `:id` to OpenAPI's `{id}`. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
}

const pathParamNames = (path: string) => [...path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]!);

/** The properties of an object schema (after a preprocess), for parameters. */
function objectProperties(schema: z.ZodType | undefined): {
  properties: Record<string, JsonSchema>;
  required: Set<string>;
} {
  if (!schema) return { properties: {}, required: new Set() };
  const json = toJsonSchema(schema, 'input');
  return {
    properties: (json.properties as Record<string, JsonSchema> | undefined) ?? {},
    required: new Set((json.required as string[] | undefined) ?? []),
  };
}

function parameters(def: RouteDef): JsonSchema[] {
  const list: JsonSchema[] = [];
  const params = objectProperties(def.params);
  // Every placeholder of the path is a parameter, whether or not the table gives it a schema.
  for (const name of pathParamNames(def.path)) {
    list.push({ name, in: 'path', required: true, schema: params.properties[name] ?? { type: 'string' } });
  }
  const query = objectProperties(def.query);
  for (const [name, schema] of Object.entries(query.properties)) {
    const { description, ...rest } = schema;
    list.push({
      name,
      in: 'query',
      required: query.required.has(name),
      schema: rest,
      ...(typeof description === 'string' ? { description } : {}),
    });
  }
  const storeBound = def.access !== 'public' && def.access !== 'user' && !def.storeParam;
  if (storeBound && !('storeId' in query.properties)) {
    list.push({
      name: 'storeId',
      in: 'query',
      required: false,
      description: "The store to act in; without it, the session's current store.",
      schema: { type: 'string' },
    });
  }
  if (def.idempotent) {
    list.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description: 'The same key sent again returns the first answer instead of repeating the effect.',
      schema: { type: 'string', maxLength: 200 },
    });
  }
  return list;
}

/** Whether a body may be left out (a transform that throws on nothing counts as no). */
function acceptsNothing(schema: z.ZodType): boolean {
  try {
    return schema.safeParse(undefined).success;
  } catch {
    return false;
  }
}

function requestBody(def: RouteDef): JsonSchema | undefined {
  if (def.multipart) {
    return {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } },
            required: ['file'],
          },
        },
      },
    };
  }
  if (!def.body) return undefined;
  return {
    required: !acceptsNothing(def.body),
    content: { 'application/json': { schema: toJsonSchema(def.body, 'input') } },
  };
}

function successResponse(def: RouteDef): JsonSchema {
  const description = 'Success (201 when the call created a record).';
  if (def.file) {
    const schema = def.file.endsWith('json')
      ? { type: 'object' }
      : { type: 'string', contentMediaType: def.file };
    return { description: 'The file.', content: { [def.file]: { schema } } };
  }
  const item = def.response ? toJsonSchema(def.response, 'output') : {};
  const full = def.paginated ? { type: 'array', items: item } : item;
  // A public key's answer is the route's public projection (decision 0046): `data` is one or
  // the other, by the key.
  const publicItem = def.publicKey ? toJsonSchema(def.publicKey.response, 'output') : null;
  const data = publicItem
    ? {
        anyOf: [
          { title: 'The answer to a session or a secret key', ...full },
          {
            title: 'The answer to a public key (pk_test, pk_live): the public catalogue',
            ...(def.paginated ? { type: 'array', items: publicItem } : publicItem),
          },
        ],
      }
    : full;
  return {
    description,
    content: {
      'application/json': {
        schema: {
          type: 'object',
          properties: {
            success: { const: true },
            message: { type: 'string' },
            data,
            ...(def.paginated ? { pagination: { $ref: '#/components/schemas/Pagination' } } : {}),
          },
          required: ['success', 'message', 'data', ...(def.paginated ? ['pagination'] : [])],
        },
      },
    },
  };
}

/** The error answers every route may give, by status, as references to `components.responses`. */
const ERROR_RESPONSES = {
  '400': ['BadRequest', 'The request is malformed or a field is invalid (`error.fields` names it).'],
  '401': ['Unauthenticated', 'No valid session: sign in.'],
  '403': ['Forbidden', "The member's role does not grant the route's permission."],
  '404': ['NotFound', 'The record does not exist, or belongs to another store.'],
  '409': ['Conflict', 'The request conflicts with the current state (stock, a duplicate, a used number).'],
  '422': ['Unprocessable', 'A business rule refuses the request; the message says why.'],
} as const;

function errorResponses(def: RouteDef, method: string): Record<string, JsonSchema> {
  const statuses: Array<keyof typeof ERROR_RESPONSES> = ['400'];
  if (def.access !== 'public') statuses.push('401');
  if (def.access !== 'public' && def.access !== 'user' && def.access !== 'member') statuses.push('403');
  statuses.push('404');
  if (method !== 'get') statuses.push('409', '422');
  return Object.fromEntries(
    statuses.map((s) => [s, { $ref: `#/components/responses/${ERROR_RESPONSES[s][0]}` }]),
  );
}

/** The kinds of API key that may call a route (`x-api-keys`); none needed on a public route. */
export function apiKeysOf(def: RouteDef): ApiKeyKindName[] {
  return (Object.keys(API_KEY_KINDS) as ApiKeyKindName[]).filter((name) =>
    apiKeyMayCall(def, API_KEY_KINDS[name]),
  );
}

/** What the API keys of `x-api-keys` may do on the route, in words (the operation's description). */
function apiKeysText(def: RouteDef, kinds: ApiKeyKindName[]): string {
  if (!kinds.length) return 'API keys: none; a signed-in person only.';
  const lines = [`API keys: ${kinds.join(', ')}.`];
  if (def.publicKey) {
    const query = def.publicKey.query ? Object.keys(def.publicKey.query.shape) : null;
    lines.push(
      'A public key gets the public catalogue (the second schema of `data`)' +
        (query
          ? ` and may send only ${query.join(', ')} (their values in \`x-public-key-query\`); other parameters are refused with 400.`
          : '.'),
    );
  }
  return lines.join(' ');
}

function operation(area: string, key: string, def: RouteDef, method: string, several: boolean): JsonSchema {
  const permission =
    def.access !== 'public' && def.access !== 'user' && def.access !== 'member' ? def.access : undefined;
  const body = requestBody(def);
  const params = parameters(def);
  const keys = def.access === 'public' ? null : apiKeysOf(def);
  return {
    operationId: several ? `${area}.${key}.${method}` : `${area}.${key}`,
    summary: def.summary,
    ...(keys ? { description: apiKeysText(def, keys) } : {}),
    tags: [area],
    security: def.access === 'public' ? [] : [{ [SECURITY_SCHEME]: [] }],
    'x-access': def.access,
    ...(permission ? { 'x-permission': permission } : {}),
    ...(keys ? { 'x-api-keys': keys } : {}),
    ...(def.publicKey?.query ? { 'x-public-key-query': toJsonSchema(def.publicKey.query, 'input') } : {}),
    ...(params.length ? { parameters: params } : {}),
    ...(body ? { requestBody: body } : {}),
    responses: { '2XX': successResponse(def), ...errorResponses(def, method) },
  };
}

const errorSchema: JsonSchema = {
  type: 'object',
  properties: {
    success: { const: false },
    message: { type: 'string' },
    error: {
      type: 'object',
      properties: {
        code: { type: 'string', enum: Object.keys(ERROR_STATUS) },
        message: { type: 'string' },
        fields: { type: 'object', additionalProperties: { type: 'string' } },
        requestId: { type: 'string' },
      },
      required: ['code', 'message'],
    },
  },
  required: ['success', 'message', 'error'],
};

/** The document for `tables` (area name to route table), whatever the tables hold today. */
export function buildOpenApiDocument(
  tables: Record<string, Record<string, RouteDef>>,
  info: OpenApiInfo,
): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const [area, table] of Object.entries(tables)) {
    for (const [key, def] of Object.entries(table)) {
      const methods = (Array.isArray(def.method) ? def.method : [def.method]) as string[];
      const item = (paths[openApiPath(def.path)] ??= {});
      for (const m of methods) {
        const method = m.toLowerCase();
        if (item[method]) throw new Error(`Two routes for ${m} ${def.path}: ${area}.${key} and another`);
        item[method] = operation(area, key, def, method, methods.length > 1);
      }
    }
  }
  return {
    openapi: '3.1.0',
    info,
    servers: [{ url: API_PREFIX }],
    tags: Object.keys(tables).map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        [SECURITY_SCHEME]: {
          type: 'http',
          scheme: 'bearer',
          description:
            'The `userToken` of sign-in, or an API key, as `Authorization: Bearer <token>` (the bare token is accepted too). Which kinds of key may call a route is its `x-api-keys`: `pk_test`/`pk_live` (public keys: the catalogue, public fields only), `sk_test`/`sk_live` (secret keys, full access) and `sk_test_read`/`sk_live_read` (read-only secret keys).',
        },
      },
      schemas: {
        Error: errorSchema,
        Pagination: toJsonSchema(paginationSchema, 'output'),
      },
      responses: Object.fromEntries(
        Object.values(ERROR_RESPONSES).map(([name, description]) => [
          name,
          {
            description,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
          },
        ]),
      ),
    },
  };
}
