import type { WebhookDeliveryStatus, WebhookEvent } from '@tillbook/contract/webhooks';

/** Table types of webhooks (migration 0013-webhooks, decision 0034). */
export interface WebhookEndpointsTable {
  id: string;
  store_id: string;
  url: string;
  description: string | null;
  /** JSON array of event names. */
  events: string;
  secret_sealed: string;
  secret_hint: string;
  enabled: number;
  created_at: string;
  updated_at: string;
}

export interface WebhookDeliveriesTable {
  id: string;
  store_id: string;
  endpoint_id: string;
  event_id: string;
  event: WebhookEvent;
  payload: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  next_attempt_at: string | null;
  claimed_until: string | null;
  give_up_at: string;
  delivered_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface WebhookAttemptsTable {
  id: string;
  store_id: string;
  delivery_id: string;
  attempted_at: string;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
}

declare module '../../db/schema.js' {
  interface Database {
    webhook_endpoints: WebhookEndpointsTable;
    webhook_deliveries: WebhookDeliveriesTable;
    webhook_attempts: WebhookAttemptsTable;
  }
}
