import type { AuditEntry } from '@tillbook/contract/audits';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { AuditsTable, Database } from '../../db/schema.js';
import { offsetOf, pageOf, type Page } from '../../lib/pagination.js';
import { containsText } from '../../lib/sql.js';

export interface AuditFilter {
  page: number;
  perPage: number;
  action?: string;
  actorId?: string;
  entity?: string;
  entityId?: string;
  from?: string;
  to?: string;
  search?: string;
}

function toEntry(row: AuditsTable): AuditEntry {
  return {
    ...row,
    before: row.before ? JSON.parse(row.before) : null,
    after: row.after ? JSON.parse(row.after) : null,
  };
}

/** A bare date as an upper bound means the whole of that day. */
const endOf = (value: string) =>
  value.length === 10 ? `${value}T23:59:59.999Z` : new Date(value).toISOString();
const startOf = (value: string) =>
  value.length === 10 ? `${value}T00:00:00.000Z` : new Date(value).toISOString();

/** The audit log of one store. Append-only: this repository has no update or delete. */
export function auditsRepository(db: Kysely<Database>, storeId: string) {
  const base = () => db.selectFrom('audits').where('store_id', '=', storeId);

  function filtered<O>(q: SelectQueryBuilder<Database, 'audits', O>, f: AuditFilter) {
    if (f.action) q = q.where('action', '=', f.action);
    if (f.actorId) q = q.where('actor_id', '=', f.actorId);
    if (f.entity) q = q.where('entity', '=', f.entity);
    if (f.entityId) q = q.where('entity_id', '=', f.entityId);
    if (f.from) q = q.where('created_at', '>=', startOf(f.from));
    if (f.to) q = q.where('created_at', '<=', endOf(f.to));
    if (f.search) {
      const term = f.search;
      q = q.where((eb) =>
        eb.or(
          ['action', 'entity', 'summary', 'actor_name', 'entity_id'].map((col) => containsText(col, term)),
        ),
      );
    }
    return q;
  }

  return {
    async list(f: AuditFilter): Promise<Page<AuditEntry>> {
      const [rows, total] = await Promise.all([
        filtered(base().selectAll(), f)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(f.perPage)
          .offset(offsetOf(f))
          .execute(),
        filtered(
          base().select((eb) => eb.fn.countAll<number>().as('n')),
          f,
        ).executeTakeFirstOrThrow(),
      ]);
      return pageOf(rows.map(toEntry), total.n, f);
    },
    async get(id: string): Promise<AuditEntry | undefined> {
      const row = await base().selectAll().where('id', '=', id).executeTakeFirst();
      return row && toEntry(row);
    },
  };
}
