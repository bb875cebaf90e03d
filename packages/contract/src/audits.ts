import { z } from 'zod';
import { dateFilter, defineRoutes, idParam, paginationQuery, withQueryAliases } from './common.js';

/** The kinds of record the audit log writes about, with the name a merchant reads. */
export const AUDIT_ENTITIES = {
  user: 'User',
  store: 'Store',
  member: 'Team member',
  role: 'Role',
  product: 'Product',
  category: 'Category',
  customer: 'Customer',
  order: 'Order',
  payment_received: 'Payment received',
  shift: 'Shift',
  discount: 'Discount',
  vendor: 'Vendor',
  purchase_order: 'Purchase order',
  shipping_rate: 'Shipping rate',
  tax_rule: 'Tax rule',
  wallet: 'Wallet',
  wallet_transaction: 'Wallet transaction',
  incoming_transfer: 'Transfer received',
  settlement_account: 'Settlement account',
  subscription: 'Subscription',
  webhook_endpoint: 'Webhook endpoint',
  api_key: 'API key',
} as const;

export type AuditEntity = keyof typeof AUDIT_ENTITIES;

export const AUDIT_ACTOR_TYPES = ['user', 'api_key', 'system'] as const;

export const auditEntrySchema = z.object({
  id: z.string(),
  store_id: z.string().nullable(),
  actor_type: z.enum(AUDIT_ACTOR_TYPES),
  actor_id: z.string().nullable(),
  actor_name: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  summary: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

const auditFilters = {
  action: z.string().max(100).optional(),
  actorId: z.string().max(64).optional(),
  entity: z.string().max(100).optional(),
  entityId: z.string().max(64).optional(),
  from: dateFilter,
  to: dateFilter,
  search: z.string().max(100).optional(),
};
export const auditListQuery = withQueryAliases(paginationQuery.extend(auditFilters), {
  actor_id: 'actorId',
  entity_id: 'entityId',
});
/** The export's query: the list's filters, every row. */
export const auditExportQuery = withQueryAliases(z.object(auditFilters), {
  actor_id: 'actorId',
  entity_id: 'entityId',
});

export const auditsRoutes = defineRoutes({
  list: {
    method: 'GET',
    path: '/audits',
    access: 'audits.view',
    summary: 'The audit log, newest first, with filters',
    query: auditListQuery,
    response: auditEntrySchema,
    paginated: true,
  },
  export: {
    method: 'GET',
    path: '/audits/export',
    access: 'audits.view',
    summary: 'Audit rows matching the list filters, as CSV',
    query: auditExportQuery,
    file: 'text/csv',
  },

  search: {
    method: 'GET',
    path: '/audits/search/:term',
    access: 'audits.view',
    summary: 'Audit rows whose action, entity, actor or summary matches',
    params: z.object({ term: z.string().min(1).max(100) }),
    query: paginationQuery,
    response: auditEntrySchema,
    paginated: true,
  },
  get: {
    method: 'GET',
    path: '/audits/:id',
    access: 'audits.view',
    summary: 'One audit row',
    params: idParam,
    response: auditEntrySchema,
  },
});
