import { describe, expect, it } from 'vitest';
import { barRuns, CODE128_WIDTHS, encodeBarcode } from './barcode';

describe('barcode symbols', () => {
  it('has a Code 128 table of 107 distinct symbols, 11 modules each and a 13-module stop', () => {
    expect(CODE128_WIDTHS).toHaveLength(107);
    expect(new Set(CODE128_WIDTHS).size).toBe(107);
    CODE128_WIDTHS.forEach((w, i) => {
      const sum = [...w].reduce((s, d) => s + Number(d), 0);
      expect(sum, `symbol ${i}`).toBe(i === 106 ? 13 : 11);
    });
  });

  it('draws an EAN-13 in 95 modules with its guards and the left-half parity of the first digit', () => {
    const code = encodeBarcode('4006381333931')!;
    expect(code.symbology).toBe('EAN-13');
    expect(code.modules).toHaveLength(95);
    expect(code.modules.startsWith('101')).toBe(true);
    expect(code.modules.slice(45, 50)).toBe('01010');
    expect(code.modules.endsWith('101')).toBe(true);
    // First digit 4: parity LGLLGG, so the 2nd digit (0) is L = 0001101 and the 3rd (0) is G = 0100111.
    expect(code.modules.slice(3, 10)).toBe('0001101');
    expect(code.modules.slice(10, 17)).toBe('0100111');
    // Right half: the last digit 1 is R = 1100110.
    expect(code.modules.slice(85, 92)).toBe('1100110');
  });

  it('draws a UPC-A as an EAN-13 with a leading zero and an EAN-8 in 67 modules', () => {
    expect(encodeBarcode('036000291452')!.modules).toBe(encodeBarcode('0036000291452')!.modules);
    const ean8 = encodeBarcode('96385074')!;
    expect(ean8.symbology).toBe('EAN-8');
    expect(ean8.modules).toHaveLength(67);
  });

  it('draws other codes in Code 128 with the mod-103 check symbol', () => {
    const code = encodeBarcode('COKE-50')!;
    expect(code.symbology).toBe('Code 128');
    // start + 7 characters + check, 11 modules each, and the 13-module stop.
    expect(code.modules).toHaveLength(11 * 9 + 13);
    expect(code.modules.startsWith('11010010000')).toBe(true); // start B: 211214
    expect(code.modules.endsWith('1100011101011')).toBe(true); // stop: 2331112
    expect(encodeBarcode('naïve')).toBeNull();
    expect(encodeBarcode('  ')).toBeNull();
  });

  it('turns modules into bar runs', () => {
    expect(barRuns('1101000111')).toEqual([
      [0, 2],
      [3, 1],
      [7, 3],
    ]);
  });
});
