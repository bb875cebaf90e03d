import { describe, expect, it } from 'vitest';
import { signUpBody } from './auth.js';
import { passwordSchema, phoneSchema } from './common.js';
import { buildPath } from './paths.js';
import { MESSAGES } from './constants.js';

describe('shared schemas', () => {
  it('accepts Nigerian phone numbers written with spaces and refuses short ones', () => {
    expect(phoneSchema.parse('+234 801 234 5678')).toBe('+2348012345678');
    expect(phoneSchema.parse('0801-234-5678')).toBe('08012345678');
    expect(phoneSchema.safeParse('0801 234').error?.issues[0]?.message).toBe(
      'Enter a valid phone number: 11 to 15 digits, optionally starting with +',
    );
  });

  it('asks for a letter and a digit and refuses common passwords', () => {
    expect(passwordSchema.safeParse('sunny-day-42').success).toBe(true);
    expect(passwordSchema.safeParse('onlyletters').error?.issues[0]?.message).toBe(
      'Password must contain a letter and a digit',
    );
    expect(passwordSchema.safeParse('password123').error?.issues[0]?.message).toBe(
      'This password is too common; choose another',
    );
  });

  it('names the field of each sign-up problem', () => {
    const result = signUpBody.safeParse({ email: 'not-an-email', phone_number: '12' });
    const fields = new Set(result.error?.issues.map((i) => i.path[0]));
    expect([...fields].sort()).toEqual([
      'country',
      'email',
      'first_name',
      'last_name',
      'password',
      'phone_number',
    ]);
  });

  it('fills route parameters, encoded', () => {
    expect(buildPath('/members/change-role/:id', { id: 'a/b' })).toBe('/members/change-role/a%2Fb');
    expect(() => buildPath('/roles/:id')).toThrow('Missing path parameter id');
  });

  it("keeps the spec's fixed texts word for word", () => {
    expect(MESSAGES.customerAdded).toBe('Customer added succefully');
    expect(MESSAGES.storeCreated).toBe('Created New Store!!');
  });
});
