import { expect } from 'vitest';
import type { Reply } from './harness.js';

/**
 * Checks an answer as the spec words it: its status, its message word for word, and the fields
 * of its data (others may stand beside them).
 */
export function expectAnswer(
  res: Reply,
  status: number,
  message: string,
  data: Record<string, unknown>,
): void {
  expect(res.status).toBe(status);
  expect(res.body.message).toBe(message);
  expect(res.body.data).toMatchObject(data);
}
