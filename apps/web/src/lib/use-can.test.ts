import { PERMISSIONS } from '@tillbook/contract/permissions';
import { describe, expect, it } from 'vitest';
import type { useCan } from './current-user';

type Asked = Parameters<typeof useCan>[0];

describe('useCan', () => {
  it('takes only a permission of the contract catalogue (type-checked by tsc)', () => {
    const spelt: Asked = 'vendors.manage';
    // @ts-expect-error a misspelt permission does not compile
    const misspelt: Asked = 'vendor.manage';
    expect(PERMISSIONS).toContain(spelt);
    expect(PERMISSIONS).not.toContain(misspelt);
  });
});
