import type {
  createWebhookEndpointBody,
  CreatedWebhookEndpoint,
  updateWebhookEndpointBody,
  webhookDeliveriesQuery,
  WebhookDelivery,
  WebhookEndpoint,
} from '@tillbook/contract/webhooks';
import { WEBHOOK_MAX_ENDPOINTS, WEBHOOK_RETRY_HOURS } from '@tillbook/contract/webhooks';
import type { z } from 'zod';
import { AppError, notFound, unprocessable } from '../../lib/app-error.js';
import { writeAudit } from '../../lib/audit.js';
import type { StoreContext } from '../../lib/context.js';
import { randomToken } from '../../lib/crypto.js';
import { newId } from '../../lib/ids.js';
import type { Page } from '../../lib/pagination.js';
import { refusedUrl } from './webhook-addresses.js';
import { toEndpoint, webhooksRepository } from './webhooks.repository.js';
import type { WebhookEndpointsTable } from './webhooks.tables.js';

const checkUrl = (ctx: StoreContext, url: string) => {
  const refused = refusedUrl(url, ctx.deps.config.WEBHOOK_ALLOW_PRIVATE_URLS);
  if (refused) throw new AppError('VALIDATION_FAILED', refused, { fields: { url: refused } });
};

export async function listEndpoints(ctx: StoreContext): Promise<WebhookEndpoint[]> {
  return (await webhooksRepository(ctx.db, ctx.storeId).endpoints()).map(toEndpoint);
}

/**
 * Registers an endpoint with a new signing secret, kept sealed with the app's key (the worker
 * signs with it) and answered only now.
 */
export async function createEndpoint(
  ctx: StoreContext,
  body: z.output<typeof createWebhookEndpointBody>,
): Promise<CreatedWebhookEndpoint> {
  checkUrl(ctx, body.url);
  const secret = `whsec_${randomToken(24)}`;
  const now = ctx.now.toISOString();
  const row: WebhookEndpointsTable = {
    id: newId(),
    store_id: ctx.storeId,
    url: body.url,
    description: body.description || null,
    events: JSON.stringify(body.events),
    secret_sealed: ctx.deps.secrets.seal(secret),
    secret_hint: `${secret.slice(0, 10)}…`,
    enabled: body.enabled === false ? 0 : 1,
    created_at: now,
    updated_at: now,
  };
  return ctx.db.transaction().execute(async (trx) => {
    const repo = webhooksRepository(trx, ctx.storeId);
    if ((await repo.countEndpoints()) >= WEBHOOK_MAX_ENDPOINTS) {
      throw unprocessable(
        `A store can have at most ${WEBHOOK_MAX_ENDPOINTS} webhook endpoints. Delete one you no longer use.`,
      );
    }
    await repo.addEndpoint(row);
    const endpoint = toEndpoint(row);
    await writeAudit(trx, ctx, {
      action: 'webhook_endpoint.created',
      entity: 'webhook_endpoint',
      entityId: row.id,
      summary: `Webhook endpoint ${row.url} added (${body.events.join(', ')})`,
      after: { url: endpoint.url, events: endpoint.events, enabled: endpoint.enabled },
    });
    return { ...endpoint, secret };
  });
}

export async function updateEndpoint(
  ctx: StoreContext,
  id: string,
  body: z.output<typeof updateWebhookEndpointBody>,
): Promise<WebhookEndpoint> {
  if (body.url !== undefined) checkUrl(ctx, body.url);
  return ctx.db.transaction().execute(async (trx) => {
    const repo = webhooksRepository(trx, ctx.storeId);
    const row = await repo.endpoint(id);
    if (!row) throw notFound('Webhook endpoint');
    const patch: Partial<WebhookEndpointsTable> = { updated_at: ctx.now.toISOString() };
    if (body.url !== undefined) patch.url = body.url;
    if (body.description !== undefined) patch.description = body.description || null;
    if (body.events !== undefined) patch.events = JSON.stringify(body.events);
    if (body.enabled !== undefined) patch.enabled = body.enabled ? 1 : 0;
    await repo.changeEndpoint(id, patch);
    const before = toEndpoint(row);
    const after = toEndpoint({ ...row, ...patch });
    await writeAudit(trx, ctx, {
      action: 'webhook_endpoint.updated',
      entity: 'webhook_endpoint',
      entityId: id,
      summary: `Webhook endpoint ${after.url} changed`,
      before: {
        url: before.url,
        description: before.description,
        events: before.events,
        enabled: before.enabled,
      },
      after: { url: after.url, description: after.description, events: after.events, enabled: after.enabled },
    });
    return after;
  });
}

/** Deletes an endpoint; its deliveries and their attempts go with it (foreign keys cascade). */
export async function deleteEndpoint(ctx: StoreContext, id: string): Promise<{ id: string }> {
  return ctx.db.transaction().execute(async (trx) => {
    const repo = webhooksRepository(trx, ctx.storeId);
    const row = await repo.endpoint(id);
    if (!row) throw notFound('Webhook endpoint');
    await repo.deleteEndpoint(id);
    await writeAudit(trx, ctx, {
      action: 'webhook_endpoint.deleted',
      entity: 'webhook_endpoint',
      entityId: id,
      summary: `Webhook endpoint ${row.url} deleted`,
      before: { url: row.url, events: JSON.parse(row.events) as unknown },
    });
    return { id };
  });
}

export async function listDeliveries(
  ctx: StoreContext,
  query: z.output<typeof webhookDeliveriesQuery>,
): Promise<Page<WebhookDelivery>> {
  return webhooksRepository(ctx.db, ctx.storeId).deliveries(query);
}

/**
 * "Send again": the delivery is due now and its retries start over (another day of them). The
 * worker sends it on its next round; a delivery being sent right now is sent again after.
 */
export async function resendDelivery(ctx: StoreContext, id: string): Promise<WebhookDelivery> {
  const now = ctx.now.toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    const repo = webhooksRepository(trx, ctx.storeId);
    const row = await repo.delivery(id);
    if (!row) throw notFound('Webhook delivery');
    await repo.changeDelivery(id, {
      status: 'pending',
      next_attempt_at: now,
      // A send in flight keeps its attempt, but no longer decides the delivery's state.
      claimed_until: null,
      give_up_at: new Date(ctx.now.getTime() + WEBHOOK_RETRY_HOURS * 3_600_000).toISOString(),
      updated_at: now,
    });
    await writeAudit(trx, ctx, {
      action: 'webhook_delivery.resent',
      entity: 'webhook_endpoint',
      entityId: row.endpoint_id,
      summary: `Webhook delivery of ${row.event} (${row.event_id}) sent again`,
      before: { status: row.status },
      after: { status: 'pending' },
    });
  });
  return (await webhooksRepository(ctx.db, ctx.storeId).deliveryAnswer(id))!;
}
