import type { AuditEntry, auditExportQuery } from '@tillbook/contract/audits';
import type { z } from 'zod';
import type { StoreContext } from '../../lib/context.js';
import { csvOf, everyRow, exportFormats, type ExportColumn } from '../../lib/csv-export.js';
import { auditsRepository } from './audits.repository.js';

/** The audit rows the list shows with these filters, every page, as CSV. */
export async function exportAudits(ctx: StoreContext, q: z.output<typeof auditExportQuery>): Promise<string> {
  const { time } = exportFormats(ctx);
  const columns: ExportColumn<AuditEntry>[] = [
    { header: 'When', value: (a) => time(a.created_at) },
    { header: 'Who', value: (a) => a.actor_name ?? a.actor_type },
    { header: 'Action', value: (a) => a.action },
    { header: 'Record', value: (a) => a.entity },
    { header: 'Record id', value: (a) => a.entity_id },
    { header: 'Summary', value: (a) => a.summary },
    { header: 'IP', value: (a) => a.ip },
  ];
  return csvOf(columns, await everyRow((page) => auditsRepository(ctx.db, ctx.storeId).list(page), q));
}
