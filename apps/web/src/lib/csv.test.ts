import { describe, expect, it } from 'vitest';
import { toCsv, type CsvColumn } from './csv';

interface Row {
  value: string | number | boolean | null | undefined;
}
const column: CsvColumn<Row>[] = [{ header: 'Value', value: (r) => r.value }];
/** The CSV line of one cell. */
const line = (value: Row['value']) => toCsv([{ value }], column).split('\r\n')[1];

/** A small RFC 4180 reader, to show what a spreadsheet program reads back. */
function parse(csv: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < csv.length; i++) {
    const c = csv[i]!;
    const next = csv[i + 1];
    if (quoted && c === '"' && next === '"') {
      cell += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === ',') {
      row.push(cell);
      cell = '';
    } else if (!quoted && c === '\r' && next === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else {
      cell += c;
    }
  }
  return rows;
}

describe('toCsv', () => {
  it('writes a header and one line per row, each ending in CRLF', () => {
    const csv = toCsv(
      [
        { name: 'Ada', total: 1500 },
        { name: 'Bisi', total: null },
      ],
      [
        { header: 'Name', value: (r) => r.name },
        { header: 'Total', value: (r) => r.total },
      ],
    );
    expect(csv).toBe('Name,Total\r\nAda,1500\r\nBisi,\r\n');
  });

  it('quotes a value holding a comma, a quote or a line break, and reads back as written', () => {
    const values = ['Okafor, Jnr', 'Ngozi "Nne"', '12 Allen Avenue\nIkeja', 'two\r\nlines'];
    expect(values.slice(0, 3).map(line)).toEqual([
      '"Okafor, Jnr"',
      '"Ngozi ""Nne"""',
      '"12 Allen Avenue\nIkeja"',
    ]);
    const csv = toCsv(
      values.map((value) => ({ value })),
      column,
    );
    expect(parse(csv)).toEqual([['Value'], ...values.map((v) => [v])]);
  });

  it('puts a quote mark before text a spreadsheet would run as a formula', () => {
    expect(line('=HYPERLINK("http://evil.example","Refund")')).toBe(
      `"'=HYPERLINK(""http://evil.example"",""Refund"")"`,
    );
    expect(line('@SUM(A1:A9)')).toBe(`"'@SUM(A1:A9)"`);
    expect(line('+cmd|" /C calc"!A0')).toBe(`"'+cmd|"" /C calc""!A0"`);
    expect(line("-2+3+cmd|'/C calc'!A0")).toBe(`"'-2+3+cmd|'/C calc'!A0"`);
    expect(line('\t=1+2')).toBe(`"'\t=1+2"`);
    expect(line('-₦500.00')).toBe(`"'-₦500.00"`);
  });

  it('leaves numbers as numbers: a negative amount, and text that is only a signed number', () => {
    expect([line(-500), line(12.5), line(0), line(true)]).toEqual(['-500', '12.5', '0', 'true']);
    expect([line('+2348012345678'), line('-500'), line('-1,500.50'), line('+234 801 234 5678')]).toEqual([
      '+2348012345678',
      '-500',
      '"-1,500.50"',
      '+234 801 234 5678',
    ]);
    expect([line('Tea = 2 cups'), line('a@b.ng'), line('x-1'), line(null), line(undefined)]).toEqual([
      'Tea = 2 cups',
      'a@b.ng',
      'x-1',
      '',
      '',
    ]);
  });
});
