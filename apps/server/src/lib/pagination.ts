import type { Pagination } from '@tillbook/contract/common';

export interface Page<T> {
  items: T[];
  pagination: Pagination;
}

export const offsetOf = (q: { page: number; perPage: number }) => (q.page - 1) * q.perPage;

export function pageOf<T>(items: T[], total: number, q: { page: number; perPage: number }): Page<T> {
  return {
    items,
    pagination: {
      page: q.page,
      perPage: q.perPage,
      total,
      totalPages: Math.max(1, Math.ceil(total / q.perPage)),
    },
  };
}
