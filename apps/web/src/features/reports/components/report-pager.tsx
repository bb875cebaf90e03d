import { Group, Pagination, Text } from '@mantine/core';
import type { Pagination as PageInfo } from '@tillbook/contract/common';
import { formatCount } from '../../../lib/format';

/**
 * A report table's footer: which rows of how many, and its pages (hidden on paper, where the
 * export carries every row). A page is the tab's filter `page`; the first is left out of it.
 */
export function ReportPager({
  pagination,
  onChange,
  noun,
}: {
  pagination: PageInfo;
  onChange: (changes: { page: string | null }) => void;
  noun: string;
}) {
  if (pagination.total === 0) return null;
  const first = (pagination.page - 1) * pagination.perPage + 1;
  const last = Math.min(pagination.total, pagination.page * pagination.perPage);
  return (
    <Group justify="space-between" mt="sm" gap="sm" className="report-no-print">
      <Text size="sm" c="dimmed">
        {formatCount(first)}–{formatCount(last)} of {formatCount(pagination.total)} {noun}
      </Text>
      {pagination.totalPages > 1 && (
        <Pagination
          size="sm"
          total={pagination.totalPages}
          value={pagination.page}
          onChange={(page) => onChange({ page: page === 1 ? null : String(page) })}
          getControlProps={(control) => ({
            'aria-label': {
              first: 'First page',
              previous: 'Previous page',
              next: 'Next page',
              last: 'Last page',
            }[control],
          })}
        />
      )}
    </Group>
  );
}
