import type { Access, AnswerData, RouteDef } from '@tillbook/contract/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { RequestContext, StoreContext, UserContext } from './context.js';
import type { Result } from './reply.js';

type In<S> = S extends z.ZodType ? z.output<S> : Record<string, never>;

export interface Input<R extends RouteDef> {
  params: In<R['params']>;
  query: In<R['query']>;
  body: R['body'] extends z.ZodType ? z.output<R['body']> : undefined;
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
    },
    ...(def.bodyLimit ? { bodyLimit: def.bodyLimit } : {}),
    schema: {
      ...(def.params ? { params: def.params } : {}),
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.body && !def.multipart ? { body: def.body } : {}),
    },
    handler: async (request, reply) => {
      const input = { params: request.params, query: request.query, body: request.body } as Input<R>;
      const result = await handler(request.ctx as ContextFor<R['access']>, input, request, reply);
      // A reply is thenable: awaiting one that streamed a file gives undefined, and it is sent.
      if ((result as unknown) === reply || reply.sent) return reply;
      const { data, message, pagination, status } = result as Result;
      if (checkAnswers && def.response) checkAnswer(def, data);
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

function checkAnswer(def: RouteDef, data: unknown): void {
  const schema = def.paginated ? z.array(def.response!) : def.response!;
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    const method = Array.isArray(def.method) ? def.method.join('|') : def.method;
    throw new Error(
      `The answer of ${method} ${def.path} does not match its schema:\n${z.prettifyError(parsed.error)}`,
    );
  }
}
