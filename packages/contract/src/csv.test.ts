import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.js';

describe('csvCell', () => {
  it.each([
    ['=SUM(A1:A2)', `"'=SUM(A1:A2)"`],
    ['+cmd|" /C calc"!A0', `"'+cmd|"" /C calc""!A0"`],
    ['-2+3', `"'-2+3"`],
    ['@SUM(1)', `"'@SUM(1)"`],
    ['\t=1', `"'\t=1"`],
    ['\r=1', `"'\r=1"`],
    ['+', `"'+"`],
  ])('marks formula-like text %j as text', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it.each(['-500', '-1,500.50', '+2348012345678', '-0.5'])(
    'keeps a signed number %j as it is, quoted only for its comma',
    (value) => {
      expect(csvCell(value)).toBe(value.includes(',') ? `"${value}"` : value);
    },
  );

  it('doubles quotes and quotes a cell with a comma, a quote or a line break', () => {
    expect(csvCell('Ade "the boss"')).toBe('"Ade ""the boss"""');
    expect(csvCell('Ikeja, Lagos')).toBe('"Ikeja, Lagos"');
    expect(csvCell('line one\nline two')).toBe('"line one\nline two"');
    expect(csvCell('line one\r\nline two')).toBe('"line one\r\nline two"');
    expect(csvCell(' padded ')).toBe('" padded "');
  });

  it('writes numbers, booleans and nothing as they are', () => {
    expect(csvCell(-500)).toBe('-500');
    expect(csvCell(12.5)).toBe('12.5');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell('plain text')).toBe('plain text');
  });
});

describe('toCsv', () => {
  it('writes the header and rows with CRLF between lines', () => {
    expect(
      toCsv(
        ['Name', 'Amount'],
        [
          ['Bisi', 1500],
          ['=HYPERLINK("x")', null],
        ],
      ),
    ).toBe(`Name,Amount\r\nBisi,1500\r\n"'=HYPERLINK(""x"")",`);
  });

  it('leaves the header out when asked', () => {
    expect(toCsv(['Name'], [['Bisi']], { header: false })).toBe('Bisi');
  });
});
