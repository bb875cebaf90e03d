import type { Pagination } from '@tillbook/contract/common';

/** What a route handler returns; the route helper wraps it in the response envelope. */
export interface Result<T = unknown> {
  data: T;
  message?: string;
  pagination?: Pagination;
  status?: number;
}

export const ok = <T>(data: T, message = 'OK', status?: number): Result<T> => ({ data, message, status });

export const created = <T>(data: T, message = 'Created'): Result<T> => ({ data, message, status: 201 });

export const paged = <T>(page: { items: T[]; pagination: Pagination }, message = 'OK'): Result<T[]> => ({
  data: page.items,
  pagination: page.pagination,
  message,
});
