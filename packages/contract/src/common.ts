import { z } from 'zod';
import { DEFAULT_PAGE, DEFAULT_PER_PAGE, MAX_PER_PAGE } from './constants.js';
import type { Permission } from './permissions.js';

/**
 * Who may call a route:
 * - `public`: anyone (a session, when sent, is still read);
 * - `user`: any signed-in user, with or without a store;
 * - `member`: a signed-in member of the request's store;
 * - a permission: a member whose role grants it.
 */
export type Access = 'public' | 'user' | 'member' | Permission;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteDef {
  method: HttpMethod | readonly HttpMethod[];
  /** Path under `/api/v1`, with Fastify-style `:params`. */
  path: string;
  access: Access;
  summary: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /**
   * The schema of the answer's `data` (for a paginated list, of one item; see `paginated`).
   * The server's handler is typed by it and checked against it in tests; the web's client
   * types its answer by it; the OpenAPI document is generated from it.
   */
  response?: z.ZodType;
  /** The answer is a page of `response` items with a `pagination` block. */
  paginated?: boolean;
  /** The answer is a file (CSV, PDF), not the JSON envelope. */
  file?: string;
  /** The body is multipart/form-data (file uploads); `body` is then not used. */
  multipart?: boolean;
  /** The route honours an `Idempotency-Key` header. */
  idempotent?: boolean;
  /** A smaller JSON body limit than the app's (bytes): larger bodies are 413 before being read. */
  bodyLimit?: number;
  /**
   * The path parameter naming the request's store (`/tax/store/:id`): it decides the store in
   * place of `?storeId=` and the session's current store, with the same membership check.
   */
  storeParam?: string;
  /**
   * A public API key (`pk_…`) may call this route: a read that is safe from a browser, such as
   * the catalogue. Every other route needs a session or a secret key. A public key gets its own
   * answer (`response`, made by `project` from the full one) and may send only `query`'s
   * parameters (decision 0046). Made with `publicKeyAnswer`.
   */
  publicKey?: PublicKeyAnswer;
  /**
   * The route still works in a store that is over what its plan allows (a paid plan ended with
   * more stores or members than the plan now allows; decision 0044), where other changes are
   * refused: it is how the merchant gets back within the plan (pay, remove a member) or reaches
   * money and sales that are already theirs.
   */
  overPlan?: 'allowed';
}

/** What a public key may send and gets back on a route it may call (decision 0046). */
export interface PublicKeyAnswer {
  /** The answer's `data` for a public key (for a paginated list, one item). */
  response: z.ZodType;
  /**
   * Makes that answer from the full one (one item of a paginated list): it names every field a
   * public key sees, so a field added to the full answer stays out of it until added here.
   */
  project: (data: never) => unknown;
  /**
   * The query a public key may send, narrower than the route's `query`: a parameter of `query`
   * that is not here is refused with 400 (sorting by stock, say). Without it, the whole `query`.
   */
  query?: z.ZodObject;
}

/** A route's `publicKey`: the public answer, the projection that makes it (typed by both) and the query. */
export function publicKeyAnswer<Full, S extends z.ZodType>(
  response: S,
  project: (data: Full) => z.input<S>,
  query?: z.ZodObject,
): PublicKeyAnswer {
  return { response, project: project as (data: never) => unknown, ...(query ? { query } : {}) };
}

declare const definition: unique symbol;

/**
 * A route as a caller needs it: its method and path, typed by its whole definition (body, query,
 * answer) but holding no schema. `route-refs.ts` has one for every route, so a screen that only
 * calls the API loads no zod and no schema (decision 0060). A route's definition is one too.
 */
export interface RouteRef<R extends RouteDef = RouteDef> {
  readonly method: R['method'];
  readonly path: R['path'];
  /** Never set: carries the definition's type to the caller. */
  readonly [definition]?: R;
}

/** The refs of a route table (`route-refs.ts`). */
export type RouteRefs<T extends Record<string, RouteDef>> = { readonly [K in keyof T]: RouteRef<T[K]> };

/** A route's definition or its ref. */
export type RouteLike = RouteDef | RouteRef;

/** The definition a route ref stands for (a definition stands for itself). */
export type RouteOf<T extends RouteLike> = T extends { readonly [definition]?: infer R extends RouteDef }
  ? R
  : T extends RouteDef
    ? T
    : never;

/** A route table; each route is also its own ref, so callers take either. */
export function defineRoutes<const T extends Record<string, RouteDef>>(
  routes: T,
): { [K in keyof T]: T[K] & RouteRef<T[K]> } {
  return routes;
}

type ParamsOf<R extends RouteDef> = R['params'] extends z.ZodType
  ? z.output<R['params']>
  : Record<string, never>;
type QueryOf<R extends RouteDef> = R['query'] extends z.ZodType
  ? z.output<R['query']>
  : Record<string, never>;
export type Params<T extends RouteLike> = ParamsOf<RouteOf<T>>;
export type Query<T extends RouteLike> = QueryOf<RouteOf<T>>;
export type Body<T extends RouteLike> = RouteOf<T>['body'] extends z.ZodType
  ? z.input<RouteOf<T>['body']>
  : undefined;
export type ParsedBody<T extends RouteLike> = RouteOf<T>['body'] extends z.ZodType
  ? z.output<RouteOf<T>['body']>
  : undefined;

/** One item (or the whole `data`) of a route's answer, as the server builds it. */
type DataOf<R extends RouteDef, Side extends 'in' | 'out'> = R['response'] extends z.ZodType
  ? Side extends 'in'
    ? z.input<R['response']>
    : z.output<R['response']>
  : unknown;

/** What a route's handler returns as `data`: an array of items when the route is paginated. */
export type AnswerData<T extends RouteLike> = RouteOf<T>['paginated'] extends true
  ? DataOf<RouteOf<T>, 'in'>[]
  : DataOf<RouteOf<T>, 'in'>;

/** The `data` of a route's answer as a client reads it. */
export type Answer<T extends RouteLike> = RouteOf<T>['paginated'] extends true
  ? DataOf<RouteOf<T>, 'out'>[]
  : DataOf<RouteOf<T>, 'out'>;

/**
 * The filters of a list screen, from the list route's query schema: the one definition of a
 * list's filters for the server (which parses them) and the web (which sends them and keys its
 * cache by them).
 */
export type ListFilters<S extends z.ZodType> = z.output<S>;

export { DEFAULT_PAGE, DEFAULT_PER_PAGE, MAX_PER_PAGE };

export const paginationSchema = z.object({
  page: z.number().int(),
  perPage: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type Pagination = z.infer<typeof paginationSchema>;

export interface Envelope<T> {
  success: true;
  message: string;
  data: T;
}

export interface PagedEnvelope<T> extends Envelope<T[]> {
  pagination: Pagination;
}

const intFromQuery = (min: number, max: number, fallback: number) =>
  z.preprocess(
    (v) => (v === '' || v === undefined || v === null ? undefined : Number(v)),
    z
      .number({ error: 'Must be a whole number' })
      .int({ error: 'Must be a whole number' })
      .min(min, { error: `Must be at least ${min}` })
      .max(max, { error: `Must be at most ${max}` })
      .default(fallback),
  );

export const paginationQuery = z.object({
  page: intFromQuery(1, 1_000_000, DEFAULT_PAGE),
  perPage: intFromQuery(1, MAX_PER_PAGE, DEFAULT_PER_PAGE),
});

/**
 * Query parameters are camelCase (`storeId`, `perPage`, `vendorId`). A few were first published
 * in snake_case (`vendor_id`); those spellings still work: `aliases` maps each old name to its
 * camelCase one, which wins when both are sent.
 */
export function withQueryAliases<T extends z.ZodType>(schema: T, aliases: Record<string, string>) {
  return z.preprocess((input) => {
    if (!input || typeof input !== 'object') return input;
    const query: Record<string, unknown> = { ...(input as Record<string, unknown>) };
    for (const [old, name] of Object.entries(aliases)) {
      if (!(old in query)) continue;
      if (query[name] === undefined) query[name] = query[old];
      delete query[old];
    }
    return query;
  }, schema);
}

export const idParam = z.object({ id: z.string().min(1, { error: 'An id is required' }).max(64) });

/** A value sent in a query string as `true`/`false`/`1`/`0`. */
export const queryBoolean = z.preprocess(
  (v) => {
    if (v === 'true' || v === '1' || v === true) return true;
    if (v === 'false' || v === '0' || v === false) return false;
    return v === '' ? undefined : v;
  },
  z.boolean({ error: 'Must be true or false' }).optional(),
);

export const isoDateTime = z.iso.datetime({
  offset: true,
  error: 'Must be a date and time in ISO 8601 format',
});
export const isoDate = z.iso.date({ error: 'Must be a date like 2026-01-31' });
/** A date or a date-time, as a query filter. */
export const dateFilter = z
  .union([isoDate, isoDateTime], { error: 'Must be a date like 2026-01-31' })
  .optional();

/**
 * Bidirectional control characters: the embeddings, overrides and isolates (U+202A–U+202E,
 * U+2066–U+2069) and the marks (U+200E, U+200F, U+061C). Invisible, they reorder what follows
 * on screen and on paper ("Ada\u202Eexe.gpj" shows as "Adajpg.exe"); no name or note needs
 * them, and right-to-left letters display correctly without them.
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

export const withoutBidiControls = (text: string) => text.replace(BIDI_CONTROLS, '');

/** Required text: bidirectional controls taken out, trimmed, 1 to `max` characters. */
export const trimmed = (label: string, max = 200) =>
  z
    .string({ error: `${label} is required` })
    .overwrite(withoutBidiControls)
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` });

/** Optional text, cleaned as `trimmed`. */
export const optionalTrimmed = (label: string, max = 200) =>
  z
    .string({ error: `${label} must be text` })
    .overwrite(withoutBidiControls)
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` })
    .optional()
    .nullable();

/** `javascript:`, `data:`, `mailto:` … but not `myshop.ng:8080` (a port follows a host). */
const SCHEME = /^[a-z][a-z0-9+.-]*:(?!\d)/i;

/**
 * A web address as people type it: `myshop.ng` becomes `https://myshop.ng`; only http and
 * https are accepted, since a `javascript:` or `data:` address shown as a link runs when
 * clicked. Empty is allowed (the caller stores null).
 */
export const webAddress = (label: string, example: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(300, { error: `${label} must be at most 300 characters` })
    .refine((v) => !SCHEME.test(v) || /^https?:\/\//i.test(v), {
      error: 'Only web addresses starting with http:// or https:// are allowed',
      abort: true,
    })
    .transform((v) => (v && !/^https?:\/\//i.test(v) ? `https://${v}` : v))
    .pipe(
      z.union([z.literal(''), z.url({ protocol: /^https?$/, error: `Enter a web address like ${example}` })]),
    );

/** Money in minor units (kobo for NGN). */
export const money = (label: string) =>
  z
    .number({ error: `${label} must be a number in minor units (kobo)` })
    .int({ error: `${label} must be a whole number of minor units (kobo)` })
    .min(0, { error: `${label} cannot be negative` })
    .max(Number.MAX_SAFE_INTEGER, { error: `${label} is too large` });

export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'Enter a valid email address' }).max(254, { error: 'Email is too long' }));

/** Digits with an optional leading +, 11 to 15 digits (domain.md). Spaces and dashes are ignored. */
export const phoneSchema = z
  .string({ error: 'Phone number is required' })
  .trim()
  .transform((v) => v.replace(/[\s()-]/g, ''))
  .pipe(
    z.string().regex(/^\+?\d{11,15}$/, {
      error: 'Enter a valid phone number: 11 to 15 digits, optionally starting with +',
    }),
  );

const COMMON_PASSWORDS = new Set([
  'password',
  'password1',
  'password12',
  'password123',
  'passw0rd',
  '12345678',
  '123456789',
  '1234567890',
  'qwerty123',
  'qwertyuiop',
  'iloveyou1',
  'abc12345',
  'abcd1234',
  'admin123',
  'welcome1',
  'welcome123',
  'letmein1',
  '11111111',
  '00000000',
  'football1',
  'monkey123',
  'princess1',
  'sunshine1',
  'trustno1',
]);

export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(8, { error: 'Password must be at least 8 characters' })
  .max(128, { error: 'Password must be at most 128 characters' })
  .refine((v) => /[A-Za-z]/.test(v) && /\d/.test(v), { error: 'Password must contain a letter and a digit' })
  .refine((v) => !COMMON_PASSWORDS.has(v.toLowerCase()), {
    error: 'This password is too common; choose another',
  });

export const currencySchema = z
  .string({ error: 'Currency is required' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, { error: 'Currency must be a 3-letter ISO 4217 code, like NGN' })
  .refine(
    (c) => {
      try {
        new Intl.NumberFormat('en', { style: 'currency', currency: c });
        return true;
      } catch {
        return false;
      }
    },
    { error: 'Unknown currency code' },
  );

export const timezoneSchema = z
  .string()
  .trim()
  .refine(
    (tz) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    },
    { error: 'Unknown time zone, use a name like Africa/Lagos' },
  );
