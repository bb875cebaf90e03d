import { z } from 'zod';
import { isoDate } from './common.js';

/** The ranges and limits the dashboard's and the reports' queries share (`reports.ts`). */

/** A store-local date range; either end may be left out (see each route for what it means then). */
export const range = {
  from: isoDate.optional(),
  to: isoDate.optional(),
};

/** `to` is not before `from`, and a range is at most ten years long. */
export const checkRange = <T extends { from?: string | undefined; to?: string | undefined }>(
  q: T,
  c: z.RefinementCtx,
) => {
  if (q.from && q.to && q.from > q.to) {
    c.addIssue({ code: 'custom', path: ['to'], message: 'The end date must be on or after the start date' });
  }
  if (q.from && q.to && Date.parse(q.to) - Date.parse(q.from) > MAX_RANGE_DAYS * 86_400_000) {
    c.addIssue({
      code: 'custom',
      path: ['from'],
      message: `A range can be at most ${MAX_RANGE_DAYS} days long`,
    });
  }
};

export const MAX_RANGE_DAYS = 3660;

export const limitQuery = (fallback: number, max: number) =>
  z.preprocess(
    (v) => (v === '' || v === undefined || v === null ? undefined : Number(v)),
    z
      .number({ error: 'Must be a whole number' })
      .int({ error: 'Must be a whole number' })
      .min(1, { error: 'Must be at least 1' })
      .max(max, { error: `Must be at most ${max}` })
      .default(fallback),
  );
