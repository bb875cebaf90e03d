import { receiptsRoutes } from '@tillbook/contract/receipts';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/reply.js';
import { route } from '../../lib/route.js';
import * as receipts from './receipts.service.js';

/** The store's receipt settings; the links' routes are the orders module's (it renders them). */
export function registerReceiptsRoutes(app: FastifyInstance): void {
  route(app, receiptsRoutes.settings, async (ctx) => ok(await receipts.receiptSettings(ctx)));
  route(app, receiptsRoutes.updateSettings, async (ctx, { body }) =>
    ok(await receipts.updateReceiptSettings(ctx, body), 'Receipt settings saved'),
  );
}
