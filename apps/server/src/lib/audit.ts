import type { AuditEntity } from '@tillbook/contract/audits';
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { AuditsTable, Database } from '../db/schema.js';
import type { RequestContext } from './context.js';
import { NO_STORE } from '../db/distribution.js';
import { newId } from './ids.js';
import { insertRows } from './insert-rows.js';

const SECRET_FIELD = /pass(word)?|token|secret|code_hash|key_hash|pin|credential/i;

/**
 * A record's fields as an audit row keeps them: any object, such as a contract answer (`Store`,
 * `User`, `Vendor`) or a literal of the fields that matter. Its own enumerable fields are
 * compared and stored as JSON.
 */
export type AuditFields = object;

/** Masks secrets so an audit row never carries them. */
function mask(record: AuditFields | null | undefined): Record<string, unknown> | null {
  if (!record) return null;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(record)) out[k] = SECRET_FIELD.test(k) ? '[hidden]' : v;
  return out;
}

/** The fields that differ between two versions of a record, each side masked. */
export function changedFields(
  before: AuditFields | null | undefined,
  after: AuditFields | null | undefined,
): { before: Record<string, unknown> | null; after: Record<string, unknown> | null } {
  if (!before || !after) return { before: mask(before), after: mask(after) };
  const was = new Map<string, unknown>(Object.entries(before));
  const is = new Map<string, unknown>(Object.entries(after));
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of new Set([...was.keys(), ...is.keys()])) {
    if (key === 'updated_at') continue;
    if (JSON.stringify(was.get(key)) !== JSON.stringify(is.get(key))) {
      b[key] = was.get(key);
      a[key] = is.get(key);
    }
  }
  return { before: mask(b), after: mask(a) };
}

export interface AuditInput {
  action: string;
  /** One of the contract's AUDIT_ENTITIES, so the audit log's record filter lists it. */
  entity: AuditEntity;
  entityId?: string | null;
  summary: string;
  before?: AuditFields | null;
  after?: AuditFields | null;
  /** Defaults to the request's store. */
  storeId?: string | null;
}

/** The audit row of a change, for a caller that writes it with others (an `InsertBatch`). */
export function auditRow(ctx: RequestContext, input: AuditInput): Insertable<AuditsTable> {
  const diff = changedFields(input.before, input.after);
  return {
    id: newId(),
    store_id: (input.storeId !== undefined ? input.storeId : ctx.access?.store.id) ?? NO_STORE,
    actor_type: ctx.actor?.type ?? 'system',
    actor_id: ctx.actor?.id ?? null,
    actor_name: ctx.actor?.name ?? null,
    action: input.action,
    entity: input.entity,
    entity_id: input.entityId ?? null,
    summary: input.summary,
    before: diff.before && Object.keys(diff.before).length ? JSON.stringify(diff.before) : null,
    after: diff.after && Object.keys(diff.after).length ? JSON.stringify(diff.after) : null,
    ip: ctx.ip,
    user_agent: ctx.userAgent,
    created_at: ctx.now.toISOString(),
  };
}

/**
 * Writes an audit row. Call it with the transaction that makes the change, so the row exists
 * exactly when the change does.
 */
export async function writeAudit(
  db: Kysely<Database> | Transaction<Database>,
  ctx: RequestContext,
  input: AuditInput,
): Promise<void> {
  // Through insertRows: an audit row is written with every change, sales included.
  await insertRows(db, 'audits', [auditRow(ctx, input)]);
}
