import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { toCsv } from './spreadsheet.js';

const row = (values: Array<string | number | null>) => toCsv(['a'], [values], false);
const cells = (values: Array<string | number | null>) =>
  toCsv(
    values.map((_, i) => `c${i}`),
    [values],
    false,
  );

describe('CSV exports', () => {
  it('quotes a value holding a comma, a quote or a line break, and reads back as written', () => {
    const values = ['Okafor, Jnr', 'Ngozi "Nne"', '12 Allen Avenue\nIkeja', 'two\r\nlines', 'plain'];
    const csv = toCsv(['a', 'b', 'c', 'd', 'e'], [values]);
    expect(csv).toBe(
      'a,b,c,d,e\r\n"Okafor, Jnr","Ngozi ""Nne""","12 Allen Avenue\nIkeja","two\r\nlines",plain',
    );
    expect(Papa.parse<string[]>(csv).data).toEqual([['a', 'b', 'c', 'd', 'e'], values]);
  });

  it('writes empty cells for null, and the header only when asked', () => {
    expect(toCsv(['a', 'b'], [[null, 'x']])).toBe('a,b\r\n,x');
    expect(toCsv(['a', 'b'], [[null, 'x']], false)).toBe(',x');
  });

  it('puts a quote mark before text a spreadsheet would run as a formula', () => {
    expect(row(['=HYPERLINK("http://evil.example","Refund")'])).toBe(
      `"'=HYPERLINK(""http://evil.example"",""Refund"")"`,
    );
    expect(row(['@SUM(A1:A9)'])).toBe(`"'@SUM(A1:A9)"`);
    expect(row(['+cmd|" /C calc"!A0'])).toBe(`"'+cmd|"" /C calc""!A0"`);
    expect(row(["-2+3+cmd|'/C calc'!A0"])).toBe(`"'-2+3+cmd|'/C calc'!A0"`);
    expect(row(['\t=1+2'])).toBe(`"'\t=1+2"`);
    expect(row(['- 500'])).toBe(`"'- 500"`);
    expect(row(['-₦500.00'])).toBe(`"'-₦500.00"`);
  });

  it('leaves numbers as numbers: a negative amount, and text that is only a signed number', () => {
    expect(cells([-500, 12.5, 0])).toBe('-500,12.5,0');
    // Phone numbers and signed amounts typed as text: nothing in them can run.
    expect(cells(['+2348012345678', '-500', '-1,500.50', '+234 801 234 5678'])).toBe(
      '+2348012345678,-500,"-1,500.50",+234 801 234 5678',
    );
    // A formula character later in the text is harmless.
    expect(cells(['Tea = 2 cups', 'a@b.ng', 'x-1'])).toBe('Tea = 2 cups,a@b.ng,x-1');
  });
});
