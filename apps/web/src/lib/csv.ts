import { messageOf } from './api-client';
import { notify } from './toast';

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => string | number | boolean | null | undefined;
}

/**
 * Text a spreadsheet would run as a formula: starting with `=`, `@`, a tab or a carriage return,
 * or with `+` or `-` unless all of it is a signed number ("-500", "+2348012345678"), which runs
 * nothing and is worth keeping as a number. The server's exports use the same rule (decision 0016).
 */
const FORMULA_LIKE = /^[=@\t\r]|^[+-](?!\d[\d\s.,]*$)/;

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  // Numbers and booleans are written as they are; formula-like text gets a leading quote mark.
  if (typeof value === 'string' && FORMULA_LIKE.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv<T>(rows: T[], columns: CsvColumn<T>[]): string {
  const lines = [columns.map((c) => cell(c.header)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => cell(c.value(row))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

export function downloadCsv(filename: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([`\uFEFF${csv}`], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename.endsWith('.csv') ? filename : `${filename}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * A list's export: every page of it (100 rows a call) with the screen's search and filters, in one
 * CSV file. A failed call is a toast, and nothing is saved.
 */
export async function exportAllPages<T>(
  filename: string,
  fetchPage: (
    page: number,
    perPage: number,
  ) => Promise<{ data: T[]; pagination?: { totalPages: number } | null }>,
  columns: CsvColumn<T>[],
): Promise<void> {
  try {
    const rows: T[] = [];
    for (let page = 1; ; page++) {
      const answer = await fetchPage(page, 100);
      rows.push(...answer.data);
      if (!answer.pagination || page >= answer.pagination.totalPages) break;
    }
    downloadCsv(filename, toCsv(rows, columns));
  } catch (error) {
    notify.error(messageOf(error));
  }
}
