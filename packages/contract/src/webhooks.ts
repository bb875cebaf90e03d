import { z } from 'zod';
import { defineRoutes, idParam, optionalTrimmed, paginationQuery } from './common.js';

/** The events a store's webhook endpoints can subscribe to (issue 19). */
export const WEBHOOK_EVENTS = [
  'order.created',
  'order.status_changed',
  'order.refunded',
  'product.stock_low',
  'payment.received',
  'order.paid',
  'customer.payment',
  'wallet.transfer.settled',
  'shift.closed',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** What each event means, as the developers screen lists them. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'order.created': 'An order is placed (at the till, on the dashboard or through the API)',
  'order.status_changed': "An order's status changes (completed, cancelled, refunded …)",
  'order.refunded': 'An order is refunded, in full or in part',
  'product.stock_low': "A product's stock falls to its low-stock level or below",
  'payment.received': 'Money is received for an order',
  'order.paid': 'An order is paid in full (at the till, by a matched transfer or later)',
  'customer.payment': "Money is paid towards a customer's account (allocated to their orders)",
  'wallet.transfer.settled': 'A wallet transfer succeeds, fails or is reversed',
  'shift.closed': "A cashier's shift is closed, with its drawer count and takings",
};

/** The headers every delivery carries (decision 0034). */
export const WEBHOOK_SIGNATURE_HEADER = 'Tillbook-Signature';
export const WEBHOOK_TIMESTAMP_HEADER = 'Tillbook-Timestamp';
export const WEBHOOK_EVENT_HEADER = 'Tillbook-Event';
export const WEBHOOK_DELIVERY_HEADER = 'Tillbook-Delivery';

/** A delivery is retried with growing waits for this long after the event, then given up. */
export const WEBHOOK_RETRY_HOURS = 24;
/** Most endpoints a store may register. */
export const WEBHOOK_MAX_ENDPOINTS = 10;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

const endpointUrl = z
  .string({ error: 'URL is required' })
  .trim()
  .min(1, { error: 'URL is required' })
  .max(500, { error: 'URL must be at most 500 characters' })
  .pipe(z.url({ protocol: /^https?$/, error: 'Enter a web address starting with https://' }));

const events = z
  .array(z.enum(WEBHOOK_EVENTS, { error: 'Unknown event' }), { error: 'Choose the events to send' })
  .min(1, { error: 'Choose at least one event' })
  .max(WEBHOOK_EVENTS.length)
  .transform((list) => WEBHOOK_EVENTS.filter((e) => list.includes(e)));

export const createWebhookEndpointBody = z.object({
  url: endpointUrl,
  description: optionalTrimmed('Description', 200),
  events,
  enabled: z.boolean({ error: 'Enabled must be true or false' }).optional(),
});

export const updateWebhookEndpointBody = z.object({
  url: endpointUrl.optional(),
  description: optionalTrimmed('Description', 200),
  events: events.optional(),
  enabled: z.boolean({ error: 'Enabled must be true or false' }).optional(),
});

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  /** The first characters of the signing secret, so a developer can tell which one is set. */
  secret_hint: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** The answer of creating an endpoint: the only time its signing secret is shown. */
export const createdWebhookEndpointSchema = webhookEndpointSchema.extend({ secret: z.string() });
export type CreatedWebhookEndpoint = z.infer<typeof createdWebhookEndpointSchema>;

export const webhookAttemptSchema = z.object({
  id: z.string(),
  attempted_at: z.string(),
  /** The receiver's HTTP status; null when no answer came (refused, timed out). */
  status_code: z.number().int().nullable(),
  error: z.string().nullable(),
  duration_ms: z.number().int(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

export const webhookDeliverySchema = z.object({
  id: z.string(),
  endpoint_id: z.string(),
  endpoint_url: z.string(),
  event_id: z.string(),
  event: z.enum(WEBHOOK_EVENTS),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  next_attempt_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  created_at: z.string(),
  /** The body that is (or was) sent, as JSON text. */
  payload: z.string(),
  /** Newest first. */
  attempt_log: z.array(webhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveriesQuery = paginationQuery.extend({
  endpointId: z.string().trim().max(64).optional(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES, { error: 'Unknown delivery status' }).optional(),
  event: z.enum(WEBHOOK_EVENTS, { error: 'Unknown event' }).optional(),
});

export const webhooksRoutes = defineRoutes({
  endpoints: {
    method: 'GET',
    path: '/webhooks/endpoints',
    access: 'developers.manage',
    summary: "The store's webhook endpoints (their signing secrets are not shown again)",
    response: z.array(webhookEndpointSchema),
  },
  createEndpoint: {
    method: 'POST',
    path: '/webhooks/endpoints',
    access: 'developers.manage',
    summary: 'Register a webhook endpoint; the answer holds its signing secret, shown only this once',
    body: createWebhookEndpointBody,
    response: createdWebhookEndpointSchema,
  },
  updateEndpoint: {
    method: 'PATCH',
    path: '/webhooks/endpoints/:id',
    access: 'developers.manage',
    summary: "Change an endpoint's URL, description, events or whether it is enabled",
    params: idParam,
    body: updateWebhookEndpointBody,
    response: webhookEndpointSchema,
  },
  deleteEndpoint: {
    method: 'DELETE',
    path: '/webhooks/endpoints/:id',
    access: 'developers.manage',
    summary: 'Delete an endpoint with its deliveries',
    params: idParam,
    response: z.object({ id: z.string() }),
  },
  deliveries: {
    method: 'GET',
    path: '/webhooks/deliveries',
    access: 'developers.manage',
    summary: 'Deliveries, newest first, each with its attempts (status code, time, error, duration)',
    query: webhookDeliveriesQuery,
    response: webhookDeliverySchema,
    paginated: true,
  },
  resend: {
    method: 'POST',
    path: '/webhooks/deliveries/:id/resend',
    access: 'developers.manage',
    summary: 'Send a delivery again now (its retries start over)',
    params: idParam,
    response: webhookDeliverySchema,
  },
});
