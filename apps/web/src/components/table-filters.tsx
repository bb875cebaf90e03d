import { NativeSelect, Select, Tabs, Text, TextInput, type ComboboxData } from '@mantine/core';
import { statusLabel } from './status-badge';
import type { ReactNode } from 'react';
import type { TableState } from '../lib/use-table-state';
import type { FilterChip } from './page-header';

/** The first letter in capitals ("pending" → "Pending"), for a filter's values. */
export const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** A heading over a filter of the popover that has no label of its own (a segmented control). */
export function FilterHeading({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" fw={600}>
      {children}
    </Text>
  );
}

/**
 * A filter of a list's filter popover that takes one of a few values (a status, an event), kept
 * in the table state's `name`; clearing it removes the filter.
 */
export function FilterSelect({
  state,
  name,
  label,
  data,
}: {
  state: TableState;
  name: string;
  label: string;
  data: ComboboxData;
}) {
  return (
    <Select
      label={label}
      clearable
      data={data}
      value={state.filters[name] || null}
      onChange={(v) => state.setFilter(name, v)}
      // Inside the filter popover: a portal would put the options outside it, closing it.
      comboboxProps={{ withinPortal: false }}
    />
  );
}

/**
 * A filter of a list's filter popover picked from a short native list whose first entry, "Any",
 * clears it; `value` is the list's query's (a value the route refuses shows as "Any").
 */
export function AnyOfFilter({
  state,
  name,
  label,
  value,
  data,
}: {
  state: TableState;
  name: string;
  label: string;
  value: string | null | undefined;
  data: ReadonlyArray<{ value: string; label: string }>;
}) {
  return (
    <NativeSelect
      label={label}
      data={[{ value: '', label: 'Any' }, ...data]}
      value={value ?? ''}
      onChange={(e) => state.setFilter(name, e.currentTarget.value || null)}
    />
  );
}

/**
 * The chips of the filters that are set, in the order of `texts` (a filter's name and what its
 * chip says for a value); removing a chip clears its filter.
 */
export function filterChips(
  state: TableState,
  texts: Record<string, (value: string) => string>,
): FilterChip[] {
  return Object.entries(texts).flatMap(([name, text]) => {
    const value = state.filters[name];
    return value ? [{ label: text(value), onRemove: () => state.setFilter(name, null) }] : [];
  });
}

/** The chips of the date range of `DateRangeFilter`, for `filterChips`. */
export const DATE_CHIPS = {
  from: (value: string) => `From ${value}`,
  to: (value: string) => `To ${value}`,
};

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

/** The tabs of `StatusTabs`: "All", then each status by its label (or the one `labels` gives it). */
export function statusTabs(statuses: readonly string[], labels: Record<string, string> = {}) {
  return [
    { value: 'all', label: 'All' },
    ...statuses.map((value) => ({ value, label: labels[value] ?? statusLabel(value) })),
  ];
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
