import type { WebhookDeliveryStatus, WebhookEvent } from '@tillbook/contract/webhooks';
import type { Table } from '../../db/schema.js';

/**
 * Table types of webhooks (migration 0013-webhooks, decision 0034); columns generated (decision
 * 0054). `events`: JSON array of event names.
 */
export type WebhookEndpointsTable = Table<'webhook_endpoints'>;

export type WebhookDeliveriesTable = Table<
  'webhook_deliveries',
  { event: WebhookEvent; status: WebhookDeliveryStatus }
>;

export type WebhookAttemptsTable = Table<'webhook_attempts'>;

declare module '../../db/schema.js' {
  interface Database {
    webhook_deliveries: WebhookDeliveriesTable;
  }
}
