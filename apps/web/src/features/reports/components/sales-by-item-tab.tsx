import { Anchor, NativeSelect, SegmentedControl, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { productsRoutes } from '@tillbook/contract/route-refs';
import { paths } from '../../../config/paths';
import { call } from '../../../lib/api-client';
import { useStoreId, useStoreLocale } from '../../../lib/current-user';
import { formatCount, formatMoney } from '../../../lib/format';
import { queryKeys } from '../../../lib/query-keys';
import { useSalesByItem, type ItemFilters } from '../api/reports';
import { ReportPager } from './report-pager';
import { ReportCard } from './report-card';
import { ReportTable } from './report-table';
import type { ListColumn } from '../../../components/list-card';
import { ReportSearch } from './report-search';

const SORT_LABELS: Record<ItemFilters['sort'], string> = {
  revenue: 'Revenue',
  quantity: 'Quantity sold',
  margin: 'Margin',
  name: 'Name',
};

const percentText = (value: number | null) => (value === null ? '—' : `${value.toFixed(1)}%`);

type ItemRow = NonNullable<ReturnType<typeof useSalesByItem>['data']>['rows'][number];

/** A row's name: by variant, the product and its size or colour, "Ankara Shirt · M". */
export function itemName(r: Pick<ItemRow, 'name' | 'variant_name'>): string {
  // A name read from an order line may carry its variant already.
  return r.variant_name && !r.name.endsWith(r.variant_name) ? `${r.name} · ${r.variant_name}` : r.name;
}

/** One row per product, or per variant: a product has at most one row without a variant. */
const rowKey = (r: ItemRow) => `${r.product_id}|${r.variant_id ?? ''}`;

/** Sales by item's columns; on a phone's card the revenue is the key figure. */
const itemColumns = (money: (v: number) => string): ListColumn<ItemRow>[] => [
  {
    header: 'Product',
    cell: (r) => (
      <Anchor component={Link} to={paths.product(r.product_id)} size="sm" fw={600}>
        {itemName(r)}
      </Anchor>
    ),
  },
  { header: 'SKU', cell: (r) => r.sku ?? '—' },
  { header: 'Quantity', numeric: true, cell: (r) => formatCount(r.quantity) },
  { header: 'Revenue', numeric: true, noWrap: true, card: 'figure', cell: (r) => money(r.revenue) },
  { header: 'Average price', numeric: true, noWrap: true, cell: (r) => money(r.average_price) },
  { header: 'Cost', numeric: true, noWrap: true, cell: (r) => money(r.cost) },
  {
    header: 'Margin',
    numeric: true,
    noWrap: true,
    cell: (r) => (
      <Text span size="sm" c={r.margin < 0 ? 'red.9' : undefined}>
        {money(r.margin)}
      </Text>
    ),
  },
  { header: 'Margin %', numeric: true, cell: (r) => percentText(r.margin_percent) },
];

/** The store's categories for the filter (the products list's own call). */
function useCategories() {
  const storeId = useStoreId();
  return useQuery({
    queryKey: queryKeys.productCategories.all(storeId),
    queryFn: ({ signal }) => call(productsRoutes.categories, { signal }).then((a) => a.data),
    enabled: Boolean(storeId),
  });
}

/**
 * Sales by item: per product, or per variant, quantity (base units: a carton counts its tins),
 * revenue, average price, cost and margin, with totals.
 */
export function SalesByItemTab({
  filters,
  onChange,
}: {
  filters: ItemFilters;
  onChange: (
    changes: Partial<Record<'search' | 'categoryId' | 'sort' | 'by' | 'page', string | null>>,
  ) => void;
}) {
  const q = useSalesByItem(filters);
  const categories = useCategories();
  const { currency: storeCurrency } = useStoreLocale();
  const currency = q.data?.currency ?? storeCurrency;
  const money = (v: number) => formatMoney(v, currency);

  return (
    <ReportCard
      title="Sales by item"
      query={q}
      isEmpty={q.data?.rows.length === 0}
      empty={
        filters.search || filters.categoryId
          ? 'No product sold in this period matches the search or category.'
          : 'No products sold in this period.'
      }
      filters={
        <>
          <SegmentedControl
            size="xs"
            aria-label="Rows"
            value={filters.by}
            data={[
              { value: 'product', label: 'By product' },
              { value: 'variant', label: 'By variant' },
            ]}
            onChange={(v) => onChange({ by: v === 'variant' ? v : null, page: null })}
          />
          <ReportSearch
            label="Search products"
            placeholder="Search products"
            value={filters.search}
            onSearch={(search) => onChange({ search, page: null })}
          />
          <NativeSelect
            size="xs"
            aria-label="Category"
            value={filters.categoryId ?? ''}
            data={[
              { value: '', label: 'All categories' },
              ...(categories.data ?? []).map((c) => ({ value: c.id, label: c.name })),
            ]}
            onChange={(e) => onChange({ categoryId: e.currentTarget.value || null, page: null })}
          />
          <NativeSelect
            size="xs"
            aria-label="Sort by"
            value={filters.sort}
            data={Object.entries(SORT_LABELS).map(([value, label]) => ({ value, label }))}
            onChange={(e) =>
              onChange({
                sort: e.currentTarget.value === 'revenue' ? null : e.currentTarget.value,
                page: null,
              })
            }
          />
        </>
      }
    >
      {q.data && (
        <>
          <ReportTable
            label="Sales by item"
            minWidth={820}
            rows={q.data.rows}
            rowKey={rowKey}
            columns={itemColumns(money)}
            totals={{
              testId: 'sales-by-item-totals',
              title: 'Totals',
              cells: {
                Quantity: formatCount(q.data.totals.quantity),
                Revenue: money(q.data.totals.revenue),
                'Average price': money(q.data.totals.average_price),
                Cost: money(q.data.totals.cost),
                Margin: money(q.data.totals.margin),
                'Margin %': percentText(q.data.totals.margin_percent),
              },
            }}
          />
          <ReportPager
            pagination={q.data.pagination}
            onChange={onChange}
            noun={filters.by === 'variant' ? 'variants' : 'products'}
          />
        </>
      )}
    </ReportCard>
  );
}
