import { z } from 'zod';
import { dateFilter, defineRoutes, idParam, paginationQuery } from './common.js';

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

export const auditListQuery = paginationQuery.extend({
  action: z.string().max(100).optional(),
  actor_id: z.string().max(64).optional(),
  entity: z.string().max(100).optional(),
  entity_id: z.string().max(64).optional(),
  from: dateFilter,
  to: dateFilter,
  search: z.string().max(100).optional(),
});

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
