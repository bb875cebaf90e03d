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
  discount: 'Discount',
  vendor: 'Vendor',
  purchase_order: 'Purchase order',
  shipping_rate: 'Shipping rate',
  tax_rule: 'Tax rule',
  wallet: 'Wallet',
  wallet_transaction: 'Wallet transaction',
  settlement_account: 'Settlement account',
  subscription: 'Subscription',
} as const;

export type AuditEntity = keyof typeof AUDIT_ENTITIES;

export interface AuditEntry {
  id: string;
  store_id: string | null;
  actor_type: 'user' | 'api_key' | 'system';
  actor_id: string | null;
  actor_name: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  summary: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  ip: string | null;
  user_agent: string | null;
  created_at: string;
}

export const auditListQuery = withQueryAliases(
  paginationQuery.extend({
    action: z.string().max(100).optional(),
    actorId: z.string().max(64).optional(),
    entity: z.string().max(100).optional(),
    entityId: z.string().max(64).optional(),
    from: dateFilter,
    to: dateFilter,
    search: z.string().max(100).optional(),
  }),
  { actor_id: 'actorId', entity_id: 'entityId' },
);

export const auditsRoutes = defineRoutes({
  list: {
    method: 'GET',
    path: '/audits',
    access: 'audits.view',
    summary: 'The audit log, newest first, with filters',
    query: auditListQuery,
  },
  search: {
    method: 'GET',
    path: '/audits/search/:term',
    access: 'audits.view',
    summary: 'Audit rows whose action, entity, actor or summary matches',
    params: z.object({ term: z.string().min(1).max(100) }),
    query: paginationQuery,
  },
  get: {
    method: 'GET',
    path: '/audits/:id',
    access: 'audits.view',
    summary: 'One audit row',
    params: idParam,
  },
});
