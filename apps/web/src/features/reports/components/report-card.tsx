import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { WidgetCard } from '../../../components/insight-cards';
import { queryCardState, type CardQuery } from '../../../lib/query-state';

/**
 * A report tab's card (sales by item, sales transactions): the query's loading and error, the
 * sentence when the period has no rows, and the tab's filters, which the printed page leaves out.
 */
export function ReportCard({
  title,
  query,
  isEmpty,
  empty,
  filters,
  children,
}: {
  title: string;
  query: CardQuery;
  isEmpty: boolean;
  empty: string;
  filters: ReactNode;
  children: ReactNode;
}) {
  return (
    <WidgetCard
      title={title}
      {...queryCardState(query)}
      isEmpty={isEmpty}
      skeletonRows={8}
      empty={
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      }
      actions={
        <Group gap="xs" wrap="wrap" className="report-no-print">
          {filters}
        </Group>
      }
    >
      {children}
    </WidgetCard>
  );
}
