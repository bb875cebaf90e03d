import { csvLine, type CsvValue } from '@tillbook/contract/csv';
import type { FastifyReply } from 'fastify';
import type { StoreContext } from './context.js';
import { localDateTimeText } from './local-dates.js';
import type { Page } from './pagination.js';
import { formatMajorAmount, minorDigits } from './spreadsheet.js';

/**
 * A list's CSV export (decision 0051): the list's own service call with the list's filters, as
 * one page of every row, written with the contract's CSV rule. The export then cannot show
 * another store's rows or other rows than the list: it is the same query.
 */

/** The most rows one export writes (as the wallet's export). */
export const EXPORT_MAX_ROWS = 100_000;

/** One column of an export: its header and its cell for a row. */
export interface ExportColumn<T> {
  header: string;
  value: (row: T) => CsvValue;
}

/** How exports write money and times: major units ("1500.50") and the store's `YYYY-MM-DD HH:mm +01:00`. */
export function exportFormats(ctx: StoreContext) {
  const digits = minorDigits(ctx.access.store.currency);
  const timeZone = ctx.access.store.timezone;
  return {
    money: (minor: number | null | undefined) => (minor == null ? '' : formatMajorAmount(minor, digits)),
    time: (iso: string | null | undefined) => (iso ? localDateTimeText(iso, timeZone) : ''),
  };
}

/** Every row of a list: its service call for the one page that holds them all. */
export async function everyRow<Q extends object, T>(
  list: (q: Q & { page: number; perPage: number }) => Promise<Page<T>>,
  query: Q,
): Promise<T[]> {
  return (await list({ ...query, page: 1, perPage: EXPORT_MAX_ROWS })).items;
}

/** Rows as CSV text: a BOM (so spreadsheet programs read UTF-8), the header, CRLF lines. */
export function csvOf<T>(columns: ReadonlyArray<ExportColumn<T>>, rows: readonly T[]): string {
  const lines = [csvLine(columns.map((c) => c.header))];
  for (const row of rows) lines.push(csvLine(columns.map((c) => c.value(row))));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** Sends an export as `<name>-<store's date>.csv`. */
export function sendCsv(ctx: StoreContext, reply: FastifyReply, name: string, csv: string) {
  const today = localDateTimeText(ctx.now.toISOString(), ctx.access.store.timezone).slice(0, 10);
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${today}.csv"`)
    .send(csv);
}
