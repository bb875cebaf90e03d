import type { Access, AnswerData, PublicKeyAnswer, RouteDef } from '@tillbook/contract/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { badRequest } from './app-error.js';
import type { RequestContext, StoreContext, UserContext } from './context.js';
import { assertIdempotencyKey } from './idempotency.js';
import type { Result } from './reply.js';

type In<S> = S extends z.ZodType ? z.output<S> : Record<string, never>;

export interface Input<R extends RouteDef> {
  params: In<R['params']>;
  query: In<R['query']>;
  body: R['body'] extends z.ZodType ? z.output<R['body']> : undefined;
  /**
   * The request's `Idempotency-Key` on a route the contract marks idempotent (checked here:
   * a malformed key is a 400 before the handler runs), else undefined. Services take it as
   * given; no route reads the header itself.
   */
  idempotencyKey: string | undefined;
}

export type ContextFor<A extends Access> = A extends 'public'
  ? RequestContext
  : A extends 'user'
    ? UserContext
    : StoreContext;

export type Handler<R extends RouteDef> = (
  ctx: ContextFor<R['access']>,
  input: Input<R>,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<Result<AnswerData<R>> | FastifyReply>;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    idempotent?: boolean;
    storeParam?: string;
    publicKey?: boolean;
    overPlan?: 'allowed';
  }
}

/**
 * Registers a route of the contract's route table: its method, path, access rule and schemas
 * come from the contract, so the route table is the only place they are written.
 * The handler returns data; this wraps it in the response envelope.
 */
export function route<R extends RouteDef>(app: FastifyInstance, def: R, handler: Handler<R>): void {
  const methods = (Array.isArray(def.method) ? def.method : [def.method]) as string[];
  app.route({
    method: methods,
    url: def.path,
    config: {
      access: def.access,
      idempotent: def.idempotent ?? false,
      ...(def.storeParam ? { storeParam: def.storeParam } : {}),
      ...(def.publicKey ? { publicKey: true } : {}),
      ...(def.overPlan ? { overPlan: def.overPlan } : {}),
    },
    ...(def.bodyLimit ? { bodyLimit: def.bodyLimit } : {}),
    ...(def.publicKey?.query ? { preValidation: publicKeyQueryCheck(def.query, def.publicKey.query) } : {}),
    schema: {
      ...(def.params ? { params: def.params } : {}),
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.body && !def.multipart ? { body: def.body } : {}),
    },
    handler: async (request, reply) => {
      const header = request.headers['idempotency-key'];
      const idempotencyKey = def.idempotent && typeof header === 'string' ? header : undefined;
      if (idempotencyKey) assertIdempotencyKey(idempotencyKey);
      const input = {
        params: request.params,
        query: request.query,
        body: request.body,
        idempotencyKey,
      } as Input<R>;
      const result = await handler(request.ctx as ContextFor<R['access']>, input, request, reply);
      // A reply is thenable: awaiting one that streamed a file gives undefined, and it is sent.
      if ((result as unknown) === reply || reply.sent) return reply;
      const { message, pagination, status } = result as Result;
      let data = (result as Result).data;
      // A public key gets the route's public projection only (decision 0046).
      const forPublicKey = def.publicKey && request.ctx?.apiKey?.type === 'public' ? def.publicKey : null;
      if (forPublicKey) data = projectForPublicKey(forPublicKey, data, def.paginated === true);
      if (checkAnswers && def.response) checkAnswer(def, data, forPublicKey);
      reply.code(status ?? 200);
      return pagination
        ? { success: true, message: message ?? 'OK', data, pagination }
        : { success: true, message: message ?? 'OK', data };
    },
  });
}

/**
 * Tests (and the end-to-end server) set TILLBOOK_CHECK_ANSWERS=1: every answer is then parsed
 * with its route's response schema, so an answer that drifts from the contract fails a test
 * instead of a screen. Production only relies on the types (parsing every answer costs time).
 */
const checkAnswers = process.env.TILLBOOK_CHECK_ANSWERS === '1';

function checkAnswer(def: RouteDef, data: unknown, forPublicKey: PublicKeyAnswer | null): void {
  const item = forPublicKey ? forPublicKey.response : def.response!;
  const schema = def.paginated ? z.array(item) : item;
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    const method = Array.isArray(def.method) ? def.method.join('|') : def.method;
    throw new Error(
      `The answer of ${method} ${def.path} does not match its schema:\n${z.prettifyError(parsed.error)}`,
    );
  }
}

function projectForPublicKey(answer: PublicKeyAnswer, data: unknown, paginated: boolean): unknown {
  const project = answer.project as (item: unknown) => unknown;
  return paginated ? (data as unknown[]).map(project) : project(data);
}

/**
 * A public key may send only the route's public query (decision 0046): a parameter of the full
 * query that the public one leaves out (a stock filter, say) is a 400 naming it, and the values
 * must pass the public schema (which may allow fewer sorts). Runs before validation, on the
 * query as sent; the full schema then validates it as for any caller.
 */
function publicKeyQueryCheck(full: z.ZodType | undefined, narrow: z.ZodObject) {
  const allowed = new Set(Object.keys(narrow.shape));
  const refused = full instanceof z.ZodObject ? Object.keys(full.shape).filter((k) => !allowed.has(k)) : [];
  return async (request: FastifyRequest) => {
    if (request.ctx?.apiKey?.type !== 'public') return;
    const query = (request.query ?? {}) as Record<string, unknown>;
    const fields: Record<string, string> = {};
    for (const name of refused) {
      if (query[name] !== undefined) fields[name] = `A public key cannot use ${name}`;
    }
    const parsed = narrow.safeParse(query);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) fields[issue.path.join('.') || 'query'] ??= issue.message;
    }
    const messages = Object.values(fields);
    if (messages.length) throw badRequest(messages.join('; '), fields);
  };
}
