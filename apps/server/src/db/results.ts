import type { DeleteResult, InsertResult, QueryResult, UpdateResult } from 'kysely';

/**
 * How many rows an update, delete or insert changed. Kysely counts them as a bigint (a count
 * can exceed 2^53 in general); the app's counts never come near, so they are numbers from here
 * on, read in this one place rather than converted where each is tested. A statement run as
 * text (`executeQuery`, `runSql`) answers its count as `numAffectedRows`: 0 when the driver
 * gives none (a select).
 */
export function rowsChanged(
  result: UpdateResult | DeleteResult | InsertResult | QueryResult<unknown>,
): number {
  if ('numUpdatedRows' in result) return Number(result.numUpdatedRows);
  if ('numDeletedRows' in result) return Number(result.numDeletedRows);
  if ('rows' in result) return Number(result.numAffectedRows ?? 0n);
  return Number(result.numInsertedOrUpdatedRows ?? 0n);
}
