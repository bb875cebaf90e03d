import type { FastifyRequest } from 'fastify';
import { toCsv as writeCsv } from '@tillbook/contract/csv';
import Papa from 'papaparse';
import { AppError, badRequest } from './app-error.js';
import type { RequestContext } from './context.js';

/** A data row of an uploaded sheet: `line` is its row number in the sheet (the header is row 1). */
export interface SheetRow {
  line: number;
  values: Record<string, string>;
}

export interface Sheet {
  fileName: string;
  format: 'csv' | 'xlsx';
  /** Normalised column names present in the header. */
  columns: Set<string>;
  rows: SheetRow[];
}

/** `Product Name*` → `product_name`. */
export function normaliseHeader(header: string): string {
  return header
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/[*()]/g, '')
    .trim()
    .replace(/[\s-]+/g, '_');
}

/** Exports prefix cells that spreadsheet programs would run as formulas; an import takes the prefix off. */
const unescapeFormula = (v: string) => (/^'[=+\-@\t\r]/.test(v) ? v.slice(1) : v);

const formatBytes = (n: number) =>
  n >= 1024 * 1024 ? `${Math.round((n / 1024 / 1024) * 10) / 10} MB` : `${Math.round(n / 1024)} KB`;

function tooLarge(limit: number): AppError {
  return new AppError(
    'PAYLOAD_TOO_LARGE',
    `The file is larger than the ${formatBytes(limit)} limit. Split it into smaller files.`,
    {
      fields: { file: `Files can be at most ${formatBytes(limit)}` },
    },
  );
}

function tooManyRows(max: number): AppError {
  return new AppError(
    'PAYLOAD_TOO_LARGE',
    `The file has more than ${max.toLocaleString('en')} rows, the limit for one import. Split it into smaller files.`,
    { fields: { file: `At most ${max.toLocaleString('en')} rows per file` } },
  );
}

/**
 * Reads the multipart field `file` of an import: a CSV (UTF-8 text) or an XLSX workbook,
 * recognised by content, never by name or declared type. Enforces the size and row limits
 * (413 naming the limit) and returns the rows of the first sheet keyed by normalised header,
 * with `aliases` mapping other header spellings to column names.
 */
export async function readSheetUpload(
  ctx: RequestContext,
  request: FastifyRequest,
  aliases: Record<string, string> = {},
): Promise<Sheet> {
  if (!request.isMultipart()) {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'Send the file as multipart/form-data in the field "file".',
      {
        fields: { file: 'Choose a CSV or Excel (.xlsx) file' },
      },
    );
  }
  const { IMPORT_LIMIT_BYTES: limit, IMPORT_MAX_ROWS: maxRows } = ctx.deps.config;
  const file = await request.file({ limits: { fileSize: limit, files: 1 } });
  if (!file || file.fieldname !== 'file') {
    throw new AppError('VALIDATION_FAILED', 'Choose a CSV or Excel (.xlsx) file to import.', {
      fields: { file: 'Choose a CSV or Excel (.xlsx) file' },
    });
  }
  const data = await file.toBuffer().catch((error: { code?: string }) => {
    if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(limit);
    throw error;
  });
  if (file.file.truncated) throw tooLarge(limit);
  if (file.filename?.includes(NUL)) {
    throw badRequest(
      'The file name holds the NUL character (\\u0000). Rename the file and upload it again.',
      {
        file: 'The file name must not contain the NUL character (\\u0000)',
      },
    );
  }
  const fileName = (file.filename || 'upload').slice(0, 200);

  let table: SheetLine[];
  let format: Sheet['format'];
  if (data.length >= 4 && data.readUInt32BE(0) === 0x504b0304) {
    format = 'xlsx';
    table = await readXlsx(data, maxRows);
  } else if (looksLikeText(data)) {
    format = 'csv';
    table = readCsv(data, maxRows);
  } else {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'The file is not a CSV or an Excel (.xlsx) workbook. Save it as .csv or .xlsx and try again.',
      { fields: { file: 'Upload a CSV or Excel (.xlsx) file' } },
    );
  }

  refuseNul(table);
  const [header, ...body] = table;
  if (!header) {
    throw new AppError('VALIDATION_FAILED', 'The file is empty. Download the template to see the columns.', {
      fields: { file: 'The file has no header row' },
    });
  }
  const names = header.cells.map((h) => {
    const n = normaliseHeader(h);
    return aliases[n] ?? n;
  });
  const rows: SheetRow[] = body.map(({ line, cells }) => {
    const values: Record<string, string> = {};
    names.forEach((name, j) => {
      if (name && !(name in values)) values[name] = unescapeFormula((cells[j] ?? '').trim());
    });
    return { line, values };
  });
  if (rows.length > maxRows) throw tooManyRows(maxRows);
  return { fileName, format, columns: new Set(names.filter(Boolean)), rows };
}

const NUL = '\u0000';

/**
 * Refuses a sheet with NUL in any cell (header included), naming the first such row: PostgreSQL
 * cannot store NUL in text and would fail the import with a 500; SQLite would store it and
 * search would miss the record. The JSON API refuses it the same way (`plugins/text-input.ts`).
 */
function refuseNul(table: SheetLine[]): void {
  const found = table.find(({ cells }) => cells.some((c) => c.includes(NUL)));
  if (!found) return;
  throw badRequest(
    `Line ${found.line} of the file holds the NUL character (\\u0000). Remove it and upload the file again.`,
    { [`line ${found.line}`]: 'Must not contain the NUL character (\\u0000)' },
  );
}

/**
 * Valid UTF-8 text in which NUL bytes are rare (a few, or 1 %): a binary file named .csv (or
 * UTF-16 text, every other byte NUL) is not a CSV. A stray NUL in real text is refused later,
 * naming its line.
 */
function looksLikeText(data: Buffer): boolean {
  const sample = data.subarray(0, 64 * 1024);
  let nuls = 0;
  for (let i = sample.indexOf(0); i >= 0; i = sample.indexOf(0, i + 1)) nuls++;
  if (nuls > Math.max(8, sample.length / 100)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(
      sample.length < data.length ? trimPartial(sample) : sample,
    );
    return true;
  } catch {
    return false;
  }
}

/** Drops a multi-byte character cut at the end of a sample. */
function trimPartial(sample: Buffer): Buffer {
  const end = sample.length;
  for (let back = 1; back <= 3 && end - back >= 0; back++) {
    const byte = sample[end - back]!;
    if ((byte & 0xc0) === 0xc0) return sample.subarray(0, end - back);
    if ((byte & 0x80) === 0) break;
  }
  return sample;
}

/** A row of the sheet that holds something, with its row number (1 for the first row). */
interface SheetLine {
  line: number;
  cells: string[];
}

const isBlank = (cells: readonly (string | undefined)[]) => cells.every((c) => !c || !c.trim());

/**
 * The CSV's rows with their row numbers as a spreadsheet program shows them (blank rows
 * count), so a rejected row is reported where the merchant will look for it.
 */
function readCsv(data: Buffer, maxRows: number): SheetLine[] {
  const text = data.toString('utf8').replace(/^\uFEFF/, '');
  const lines: SheetLine[] = [];
  let line = 0;
  let over = false;
  Papa.parse<string[]>(text, {
    step: (result, parser) => {
      line += 1;
      if (isBlank(result.data)) return;
      // The header and maxRows data rows; one more is too many.
      if (lines.length > maxRows) {
        over = true;
        parser.abort();
        return;
      }
      lines.push({ line, cells: result.data });
    },
  });
  if (over) throw tooManyRows(maxRows);
  return lines;
}

async function readXlsx(data: Buffer, maxRows: number): Promise<SheetLine[]> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'The workbook could not be read. Save it again as .xlsx or .csv.',
      {
        fields: { file: 'Upload a CSV or Excel (.xlsx) file' },
      },
    );
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  if (sheet.actualRowCount > maxRows + 1) throw tooManyRows(maxRows);
  const lines: SheetLine[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      cells[col - 1] = cellText(cell.value);
    });
    const filled = Array.from(cells, (c) => c ?? '');
    if (!isBlank(filled)) lines.push({ line: rowNumber, cells: filled });
  });
  return lines;
}

function cellText(value: unknown): string {
  if (value == null) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    const v = value as {
      richText?: Array<{ text: string }>;
      text?: unknown;
      result?: unknown;
      error?: string;
    };
    if (v.richText) return v.richText.map((r) => r.text).join('');
    if (v.result !== undefined) return cellText(v.result);
    if (v.text !== undefined) return cellText(v.text);
    if (v.error) return '';
    return '';
  }
  return String(value);
}

/**
 * Rows to CSV text with the contract's one CSV rule (formula-like cells marked as text;
 * decision 0016): the same rule the web's import templates use.
 */
export function toCsv(
  columns: readonly string[],
  rows: Array<Array<string | number | null>>,
  withHeader = true,
): string {
  return writeCsv(columns, rows, { header: withHeader });
}

/** A workbook with one sheet: the header, example rows, and the given columns kept as text. */
export async function toXlsx(
  sheetName: string,
  columns: readonly string[],
  rows: Array<Array<string | number | null>>,
  textColumns: readonly string[] = [],
): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns.map((c) => ({
    header: c,
    key: c,
    width: Math.max(14, c.length + 4),
    ...(textColumns.includes(c) ? { style: { numFmt: '@' } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  for (const r of rows) sheet.addRow(r.map((v) => (v == null ? '' : v)));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

type Cell = string | number | null;

/**
 * An import template to download: the columns and example rows as `<file>-template.csv`, or as
 * `<file>-template.xlsx` with one sheet `sheetName` and `textColumns` kept as text (codes with
 * leading zeros).
 */
export async function importTemplate(
  format: 'csv' | 'xlsx',
  file: string,
  sheetName: string,
  columns: readonly string[],
  examples: Cell[][],
  textColumns: readonly string[],
): Promise<{ data: Buffer; type: string; name: string }> {
  if (format === 'xlsx') {
    return {
      data: await toXlsx(sheetName, columns, examples, textColumns),
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      name: `${file}-template.xlsx`,
    };
  }
  return {
    data: Buffer.from(toCsv(columns, examples) + '\r\n'),
    type: 'text/csv; charset=utf-8',
    name: `${file}-template.csv`,
  };
}

/**
 * An export in a template's columns, streamed a batch at a time so it imports back: a byte-order
 * mark and the header, then each batch's rows, every line ended by CRLF.
 */
export async function* csvBatches<T>(
  columns: readonly string[],
  batches: AsyncIterable<T[]>,
  cells: (item: T) => Cell[],
): AsyncGenerator<string> {
  yield '\uFEFF' + toCsv(columns, []).replace(/[\r\n]+$/, '');
  for await (const batch of batches) yield '\r\n' + toCsv(columns, batch.map(cells), false);
  yield '\r\n';
}

/** The number of minor-unit digits of a currency (2 for NGN, 0 for JPY). */
export function minorDigits(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
      2
    );
  } catch {
    return 2;
  }
}

/**
 * Parses an amount typed in major units ("1,500.50", "₦1500") into minor units exactly, without
 * floating point. Returns an error sentence instead when it is not an amount.
 */
export function parseMajorAmount(text: string, digits: number): number | string {
  const cleaned = text.replace(/[\s,]/g, '').replace(/^[^\d.-]+/, '');
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(cleaned);
  if (!match || (!match[2] && !match[3])) return 'must be an amount like 1500 or 1500.50';
  if (match[1]) return 'cannot be negative';
  const fraction = (match[3] ?? '').replace(/0+$/, '');
  if (fraction.length > digits) return `can have at most ${digits} decimal places`;
  const value = Number(match[2] || '0') * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
  if (!Number.isSafeInteger(value)) return 'is too large';
  return value;
}

/** Minor units back to the major-unit text an import accepts ("1500.50"). */
export function formatMajorAmount(minor: number | null, digits: number): string {
  if (minor == null) return '';
  if (digits === 0) return String(minor);
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  const unit = 10 ** digits;
  return `${sign}${Math.floor(abs / unit)}.${String(abs % unit).padStart(digits, '0')}`;
}

/** yes/no, true/false, 1/0, y/n; undefined for an empty cell; a sentence when it is none of these. */
export function parseYesNo(text: string): boolean | undefined | string {
  const v = text.trim().toLowerCase();
  if (!v) return undefined;
  if (['yes', 'y', 'true', '1'].includes(v)) return true;
  if (['no', 'n', 'false', '0'].includes(v)) return false;
  return 'must be yes or no';
}
