import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { schemaErrors } from './forms';

const body = z.object({
  name: z.string({ error: 'Name is required' }).min(2, { error: 'Name is too short' }),
  note: z.string().min(3, { error: 'Note is too short' }).optional(),
  rates: z.array(z.object({ rate: z.number({ error: 'Rate must be a number' }) })),
});

describe('schemaErrors', () => {
  it('checks the values themselves, an empty text field as not given', () => {
    expect(schemaErrors(body, { name: 'Tea', note: ' ', rates: [] })).toEqual({});
    expect(schemaErrors(body, { name: '', note: 'ab', rates: [] })).toEqual({
      name: 'Name is required',
      note: 'Note is too short',
    });
    expect(schemaErrors(body, { name: 'T', note: 'ab', rates: [] }, { blankAsMissing: false })).toEqual({
      name: 'Name is too short',
      note: 'Note is too short',
    });
  });

  it('checks the body the values are sent as, under the body paths', () => {
    const values = { name: 'Tea', rates: [{ rate: '7.5' }, { rate: 'seven' }] };
    const toBody = (v: typeof values) => ({ ...v, rates: v.rates.map((r) => ({ rate: Number(r.rate) })) });
    expect(schemaErrors(body, values, { toBody })).toEqual({ 'rates.1.rate': 'Rate must be a number' });
    // Without the transform the text rates are refused, both of them.
    expect(Object.keys(schemaErrors(body, values))).toEqual(['rates.0.rate', 'rates.1.rate']);
  });

  it("puts a check's message in place of the schema's, and ignores an empty one", () => {
    const values = { name: '', rates: [] };
    const check = (v: typeof values) => ({ name: v.name ? undefined : 'Give it a name', rates: undefined });
    expect(schemaErrors(body, values, { check })).toEqual({ name: 'Give it a name' });
    expect(schemaErrors(body, { name: 'Tea', rates: [] }, { check })).toEqual({});
  });
});
