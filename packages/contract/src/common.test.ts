import { describe, expect, it } from 'vitest';
import { buildPath } from './paths.js';
import {
  currencySchema,
  optionalTrimmed,
  trimmed,
  withoutBidiControls,
  emailSchema,
  paginationQuery,
  passwordSchema,
  phoneSchema,
} from './common.js';
import { BUILT_IN_ROLES, PERMISSIONS } from './permissions.js';

describe('shared schemas', () => {
  // Issue 15, finding 8: a right-to-left override in a name turned "Ada‮gpj.exe" around on screen.
  it('takes bidirectional control characters out of every text field, then trims', () => {
    const hostile = '\u202EAda\u202D Obi\u2066\u2067\u2068\u2069\u202A\u202B\u202C\u200E\u200F\u061C ';
    expect(withoutBidiControls(hostile)).toBe('Ada Obi ');
    expect(trimmed('Name').parse(hostile)).toBe('Ada Obi');
    expect(optionalTrimmed('Notes').parse(`  pay later\u202E  `)).toBe('pay later');
    expect(trimmed('Name').safeParse('\u202E\u202E').error?.issues[0]?.message).toBe('Name is required');
    // Right-to-left text itself is kept: only the invisible controls go.
    expect(trimmed('Name').parse('مرحبا שלום Ada')).toBe('مرحبا שלום Ada');
  });

  it('accepts Nigerian and international phone numbers and normalises spacing', () => {
    expect(phoneSchema.parse('0803 123 4567')).toBe('08031234567');
    expect(phoneSchema.parse('+234-803-123-4567')).toBe('+2348031234567');
    expect(phoneSchema.safeParse('0803123').success).toBe(false);
    expect(phoneSchema.safeParse('+2348031234567890').success).toBe(false);
    expect(phoneSchema.safeParse('08031234567a').success).toBe(false);
  });

  it('lower-cases and checks emails', () => {
    expect(emailSchema.parse('  Ada@Example.NG ')).toBe('ada@example.ng');
    expect(emailSchema.safeParse('ada@').success).toBe(false);
  });

  it('asks for 8+ characters with a letter and a digit, and refuses common passwords', () => {
    expect(passwordSchema.safeParse('market-day-7').success).toBe(true);
    expect(passwordSchema.safeParse('abcdefgh').success).toBe(false);
    expect(passwordSchema.safeParse('12345678').success).toBe(false);
    expect(passwordSchema.safeParse('Password1').success).toBe(false);
    expect(passwordSchema.safeParse('a1'.repeat(65)).success).toBe(false);
  });

  it('upper-cases ISO currency codes and refuses made-up ones', () => {
    expect(currencySchema.parse('ngn')).toBe('NGN');
    expect(currencySchema.safeParse('NAIRA').success).toBe(false);
  });

  it('defaults pagination to page 1 of 10 and caps the page size at 100', () => {
    expect(paginationQuery.parse({})).toEqual({ page: 1, perPage: 10 });
    expect(paginationQuery.parse({ page: '3', perPage: '25' })).toEqual({ page: 3, perPage: 25 });
    expect(paginationQuery.safeParse({ perPage: '101' }).success).toBe(false);
    expect(paginationQuery.safeParse({ page: '1.5' }).success).toBe(false);
  });

  it('fills path parameters, encoding them', () => {
    expect(buildPath('/vendor/update/address/:id', { id: 'a b' })).toBe('/vendor/update/address/a%20b');
    expect(() => buildPath('/x/:id')).toThrow(/Missing path parameter id/);
  });
});

describe('roles', () => {
  it('gives the Owner every permission and every built-in role only catalogue permissions', () => {
    expect([...BUILT_IN_ROLES.owner.permissions].sort()).toEqual([...PERMISSIONS].sort());
    for (const role of Object.values(BUILT_IN_ROLES)) {
      for (const p of role.permissions) expect(PERMISSIONS).toContain(p);
    }
    expect(BUILT_IN_ROLES.admin.permissions).not.toContain('subscription.manage');
    expect(BUILT_IN_ROLES.cashier.permissions).not.toContain('members.manage');
  });
});
