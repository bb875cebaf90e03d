import { Tabs, TextInput } from '@mantine/core';
import type { TableState } from '../lib/use-table-state';

/**
 * "From" and "To" dates of a list's filter, kept in the table state's `from` and `to` (the
 * store's calendar days, as the list endpoints take them).
 */
export function DateRangeFilter({ state }: { state: TableState }) {
  return (
    <>
      <TextInput
        type="date"
        label="From"
        value={state.filters.from ?? ''}
        onChange={(e) => state.setFilter('from', e.currentTarget.value || null)}
      />
      <TextInput
        type="date"
        label="To"
        value={state.filters.to ?? ''}
        onChange={(e) => state.setFilter('to', e.currentTarget.value || null)}
      />
    </>
  );
}

/**
 * Tabs over a list's statuses, kept in the table state's `status` filter; the tab valued `all`
 * clears it. The tab row scrolls sideways on a phone rather than wrapping.
 */
export function StatusTabs({
  state,
  tabs,
}: {
  state: TableState;
  tabs: ReadonlyArray<{ value: string; label: string }>;
}) {
  return (
    <Tabs
      value={state.filters.status ?? 'all'}
      onChange={(v) => state.setFilter('status', v && v !== 'all' ? v : null)}
      keepMounted={false}
    >
      <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
        {tabs.map((t) => (
          <Tabs.Tab key={t.value} value={t.value}>
            {t.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
