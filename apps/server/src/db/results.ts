import type { DeleteResult, InsertResult, UpdateResult } from 'kysely';

/**
 * How many rows an update, delete or insert changed. Kysely counts them as a bigint (a count
 * can exceed 2^53 in general); the app's counts never come near, so they are numbers from here
 * on, read in this one place rather than converted where each is tested.
 */
export function rowsChanged(result: UpdateResult | DeleteResult | InsertResult): number {
  if ('numUpdatedRows' in result) return Number(result.numUpdatedRows);
  if ('numDeletedRows' in result) return Number(result.numDeletedRows);
  return Number(result.numInsertedOrUpdatedRows ?? 0n);
}
