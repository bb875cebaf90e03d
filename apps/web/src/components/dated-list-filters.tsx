import type { TableState } from '../lib/use-table-state';
import type { PageHeaderProps } from './page-header';
import { AnyOfFilter, DATE_CHIPS, DateRangeFilter, FilterHeading, filterChips } from './table-filters';

/** A list's one any-of filter (an order's payment state, a payment's mode) and its chip's text. */
export interface AnyOfField {
  name: string;
  label: string;
  value: string | null | undefined;
  data: ReadonlyArray<{ value: string; label: string }>;
  chip: (value: string) => string;
}

/**
 * The filters of a list of dated records (orders, payments received, purchase orders): an
 * optional any-of field, the date range under an optional heading, and their chips in that order.
 */
export function datedListFilters(
  state: TableState,
  { anyOf, heading }: { anyOf?: AnyOfField; heading?: string },
): NonNullable<PageHeaderProps['filters']> {
  return {
    content: (
      <>
        {anyOf && (
          <AnyOfFilter
            state={state}
            name={anyOf.name}
            label={anyOf.label}
            value={anyOf.value}
            data={anyOf.data}
          />
        )}
        {heading && <FilterHeading>{heading}</FilterHeading>}
        <DateRangeFilter state={state} />
      </>
    ),
    chips: filterChips(state, anyOf ? { [anyOf.name]: anyOf.chip, ...DATE_CHIPS } : DATE_CHIPS),
  };
}
