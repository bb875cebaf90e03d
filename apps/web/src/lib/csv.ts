import { csvLine, type CsvValue } from '@tillbook/contract/csv';
import { messageOf } from './api-client';
import { notify } from './toast';

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => CsvValue;
}

/**
 * Rows as CSV text (CRLF after each line) with the contract's one CSV rule: formula-like text is
 * marked as text, as in the server's exports (decision 0051). For the files the web writes
 * itself: the import templates and the orders list until the orders module has an export route.
 */
export function toCsv<T>(rows: T[], columns: CsvColumn<T>[]): string {
  const lines = [csvLine(columns.map((c) => c.header))];
  for (const row of rows) lines.push(csvLine(columns.map((c) => c.value(row))));
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
