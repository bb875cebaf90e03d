/**
 * The one CSV writing rule of every export (decision 0016): the server's file routes write
 * with it, and the web's import templates too, so a cell means the same wherever it was made.
 */

/** A cell's value: numbers and booleans are written as they are, nothing as an empty cell. */
export type CsvValue = string | number | boolean | null | undefined;

/**
 * Text a spreadsheet program would run as a formula: starting with `=`, `@`, a tab or a carriage
 * return, or with `+` or `-` unless all of it is a signed number ("-500", "-1,500.50",
 * "+2348012345678"), which runs nothing and is worth keeping as a number.
 */
export const FORMULA_LIKE = /^[=@\t\r]|^[+-](?!\d[\d\s.,]*$)/;

/** Characters that make a cell need quotes: the separator, a quote, a line break, a BOM. */
const NEEDS_QUOTES = /[",\r\n\uFEFF]|^ | $/;

/**
 * One cell: formula-like text gets a leading `'` (so it shows as text, and an import takes the
 * mark off again) and is quoted; text holding a comma, a quote, a line break or a space at
 * either end is quoted, its quotes doubled.
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return String(value);
  if (FORMULA_LIKE.test(value)) return `"'${value.replace(/"/g, '""')}"`;
  return NEEDS_QUOTES.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** One line of cells, without its line break. */
export const csvLine = (values: readonly CsvValue[]): string => values.map(csvCell).join(',');

/**
 * A header and rows as CSV text, lines ended by CRLF (RFC 4180) and no break after the last:
 * a caller streaming more rows adds `\r\n` before each one.
 */
export function toCsv(
  header: readonly string[],
  rows: ReadonlyArray<readonly CsvValue[]>,
  options: { header?: boolean } = {},
): string {
  const lines = options.header === false ? [] : [csvLine(header)];
  for (const row of rows) lines.push(csvLine(row));
  return lines.join('\r\n');
}
