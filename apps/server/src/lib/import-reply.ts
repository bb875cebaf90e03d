import type { ImportReport } from '@tillbook/contract/products';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** An import's report before any row is written: every row still to count. */
export const newImportReport = (rows: number, atomic: boolean): ImportReport => ({
  rows,
  created: 0,
  updated: 0,
  unchanged: 0,
  rejected: [],
  written: false,
  atomic,
});

const plural = (n: number, noun: string) => `${n.toLocaleString('en')} ${noun}${n === 1 ? '' : 's'}`;

/**
 * The answer to an import. Written: 200 with the counts and any rejected rows. Nothing written
 * because rows were rejected: 422 with `success: false` (the client shows the message), each
 * rejected row in `error.fields` keyed `line <n>`, and the full report in `data`.
 */
export function sendImportReport(
  request: FastifyRequest,
  reply: FastifyReply,
  report: ImportReport,
  noun: string,
): FastifyReply {
  const counts = `${report.created.toLocaleString('en')} created, ${report.updated.toLocaleString('en')} updated, ${report.unchanged.toLocaleString('en')} unchanged`;
  if (report.written) {
    const rejected = report.rejected.length
      ? `; ${plural(new Set(report.rejected.map((r) => r.line)).size, 'row')} rejected`
      : '';
    return reply
      .code(200)
      .send({ success: true, message: `Imported ${noun}s: ${counts}${rejected}.`, data: report });
  }
  const lines = new Set(report.rejected.map((r) => r.line)).size;
  const message = report.atomic
    ? `Nothing was imported: ${plural(lines, 'row')} of ${plural(report.rows, 'row')} ${lines === 1 ? 'has' : 'have'} errors. Correct them and upload the file again.`
    : `Nothing was imported: no row of the file could be used. Correct the errors and upload the file again.`;
  const fields: Record<string, string> = {};
  for (const r of report.rejected) {
    const key = `line ${r.line}`;
    fields[key] = fields[key] ? `${fields[key]}; ${r.reason}` : r.reason;
  }
  return reply.code(422).send({
    success: false,
    message,
    error: { code: 'UNPROCESSABLE', message, fields, requestId: request.id },
    data: report,
  });
}
