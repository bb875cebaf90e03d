import type { ComboboxItem } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { bankFilter } from './bank-filter';

const options: ComboboxItem[] = [
  { value: '044', label: 'Access Bank' },
  { value: '011', label: 'First Bank of Nigeria' },
  { value: '214', label: 'First City Monument Bank' },
  { value: '058', label: 'Guaranty Trust Bank' },
  { value: '50211', label: 'Kuda Bank' },
  { value: '50515', label: 'Moniepoint MFB' },
  { value: '999992', label: 'OPay' },
  { value: '999991', label: 'PalmPay' },
  { value: '221', label: 'Stanbic IBTC Bank' },
  { value: '033', label: 'United Bank For Africa' },
  { value: '057', label: 'Zenith Bank' },
];

const found = (search: string, limit = Infinity) =>
  bankFilter({ options, search, limit }).map((o) => ('label' in o ? o.label : ''));

describe('bank search', () => {
  it('finds banks by the short names people use', () => {
    expect(found('GTB')).toEqual(['Guaranty Trust Bank']);
    expect(found('GTBank')).toEqual(['Guaranty Trust Bank']);
    expect(found('gt bank')).toEqual(['Guaranty Trust Bank']);
    expect(found('FCMB')).toEqual(['First City Monument Bank']);
    expect(found('UBA')).toEqual(['United Bank For Africa']);
    expect(found('FBN')).toEqual(['First Bank of Nigeria']);
    expect(found('First Bank')).toEqual(['First Bank of Nigeria']);
    expect(found('Palm Pay')).toEqual(['PalmPay']);
    expect(found('IBTC')).toEqual(['Stanbic IBTC Bank']);
  });

  it('finds banks by name and by code, and every bank for an empty search', () => {
    for (const name of ['Zenith', 'Access', 'Stanbic', 'Opay', 'Moniepoint', 'Kuda', 'PalmPay']) {
      expect(found(name), name).toHaveLength(1);
      expect(found(name)[0]!.toLowerCase().replace(/\s/g, '')).toContain(name.toLowerCase());
    }
    expect(found('058')).toEqual(['Guaranty Trust Bank']);
    expect(found('5021')).toEqual(['Kuda Bank']);
    expect(found('')).toHaveLength(options.length);
    expect(found('no such bank')).toEqual([]);
  });

  it('stops at the limit', () => {
    expect(found('bank', 2)).toEqual(['Access Bank', 'First Bank of Nigeria']);
  });
});
