import type { RouteDef } from '@tillbook/contract/common';
import { walletRoutes } from '@tillbook/contract/wallet';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.js';
import type { RequestContext } from '../lib/context.js';

interface Gate {
  route: RouteDef;
  /** Whether the gate holds for this request (a wallet of play money needs no address). */
  applies: (ctx: RequestContext) => boolean;
  message: string;
}

/**
 * What an account whose email nobody has verified may not do (decision 0047), for the routes whose
 * own module does not check it. The others check it themselves: a second store (`stores`),
 * inviting members and mailing invoices (`lib/outgoing-mail.ts`), live API keys (`developers`),
 * wallet transfers (`wallet`). Such an account may try the product in its first store: catalogue,
 * customers, the till, its sales, and the sandbox's wallet of play money.
 */
const GATES: Gate[] = [
  {
    route: walletRoutes.open,
    // A live wallet is a real bank account in the store's name that people pay into.
    applies: (ctx) => ctx.deps.payments.name !== 'sandbox',
    message:
      'Verify your email address to open the wallet: it gives your store a real bank account for payments. Enter the 6-digit code we emailed you (Enter code, at the top of the page), or ask for a new one there.',
  },
];

/**
 * Refuses a gated route to a signed-in person with an unverified email: 403 with a sentence a
 * merchant understands. Runs after the request context (so after 401, 404 and the permission's
 * 403) and before the body is validated. API keys are not gated here: a live key needs a verified
 * email to be made.
 */
export function registerVerifiedEmailCheck(app: FastifyInstance): void {
  const gates = new Map<string, Gate>();
  for (const gate of GATES) {
    for (const method of [gate.route.method].flat()) gates.set(`${method} /api/v1${gate.route.path}`, gate);
  }
  app.addHook('onRequest', async (request) => {
    const gate = gates.get(`${request.method} ${request.routeOptions.url}`);
    if (!gate) return;
    const ctx = request.ctx;
    if (ctx?.actor?.type !== 'user' || ctx.user?.email_verified || !gate.applies(ctx)) return;
    throw new AppError('FORBIDDEN', gate.message);
  });
}
