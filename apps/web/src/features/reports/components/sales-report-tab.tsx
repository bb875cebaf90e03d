import { NativeSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import { REPORT_TYPES, type ReportType, type SalesFigures } from '@tillbook/contract/reports';
import { ChangeBadge, StatCard, WidgetCard } from '../../../components/insight-cards';
import type { ListColumn } from '../../../components/list-card';
import type { CardRole } from '../../../components/row-cards';
import { LazyTrendChart } from '../../../components/lazy-trend-chart';
import { useStoreLocale } from '../../../lib/current-user';
import { formatCount, formatDay, formatMoney, formatMoneyCompact } from '../../../lib/format';
import { useSalesByPeriod, useSalesSummary, type Range } from '../api/reports';
import { FIGURES, TABLE_FIGURES, type FigureKey } from './figures';
import { ReportTable } from './report-table';

export const TYPE_LABELS: Record<ReportType, string> = {
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
  yearly: 'Yearly',
};

const LABEL_OF = Object.fromEntries(FIGURES.map((f) => [f.key, f])) as Record<
  FigureKey,
  (typeof FIGURES)[number]
>;

function figureText(key: FigureKey, figures: SalesFigures, currency: string): string {
  return LABEL_OF[key].money ? formatMoney(figures[key], currency) : formatCount(figures[key]);
}

type PeriodRow = NonNullable<ReturnType<typeof useSalesByPeriod>['data']>['rows'][number];

/**
 * On a phone a period's card holds what a day is judged by: net sales (top right), orders, gross
 * sales, refunds and the change. A month of days with every figure would be ten screens; the
 * totals card below, the wide table and the CSV keep the rest.
 */
const PHONE_LINES = new Set<FigureKey>(['orders', 'gross_sales', 'refunds']);
const phoneRole = (k: FigureKey): CardRole =>
  k === 'net_sales' ? 'figure' : PHONE_LINES.has(k) ? 'meta' : 'none';

/** A period's figures, the net sales before and the change. */
const periodColumns = (currency: string): ListColumn<PeriodRow>[] => [
  { header: 'Period', noWrap: true, cell: (r) => r.label },
  ...TABLE_FIGURES.map((k): ListColumn<PeriodRow> => ({
    header: LABEL_OF[k].label,
    numeric: true,
    noWrap: true,
    card: phoneRole(k),
    cell: (r) => figureText(k, r.current, currency),
  })),
  {
    header: 'Net sales before',
    numeric: true,
    noWrap: true,
    card: 'none',
    cell: (r) => formatMoney(r.previous.net_sales, currency),
  },
  {
    header: 'Change',
    numeric: true,
    cell: (r) => (
      <ChangeBadge
        percent={r.change_percent.net_sales}
        current={r.current.net_sales}
        previous={r.previous.net_sales}
        against=""
      />
    ),
  },
];

/** The period's figures as cards, each beside the period of the same length before. */
function SummaryCards({ range }: { range: Range }) {
  const q = useSalesSummary(range);
  const { currency: storeCurrency } = useStoreLocale();
  const currency = q.data?.currency ?? storeCurrency;
  return (
    <Stack gap="xs">
      {q.data && (
        <Text size="sm" c="dimmed" data-testid="compared-with">
          {formatDay(q.data.from)} – {formatDay(q.data.to)}, compared with {formatDay(q.data.previous_from)} –{' '}
          {formatDay(q.data.previous_to)}
        </Text>
      )}
      <SimpleGrid cols={{ base: 2, sm: 3, xl: 5 }} spacing="sm">
        {FIGURES.map((f) => (
          <StatCard
            key={f.key}
            label={f.label}
            loading={q.isPending}
            error={q.error}
            onRetry={() => void q.refetch()}
            value={q.data && figureText(f.key, q.data.current, currency)}
            footer={
              q.data && (
                <Stack gap={4} align="flex-start">
                  <ChangeBadge
                    percent={q.data.change_percent[f.key]}
                    current={q.data.current[f.key]}
                    previous={q.data.previous[f.key]}
                    against=""
                    upIsBad={f.upIsBad}
                  />
                  <Text size="xs" c="dimmed">
                    Before: {figureText(f.key, q.data.previous, currency)}
                  </Text>
                </Stack>
              )
            }
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** Sales report: the figures per day, week, month or year, the chart, the table and its totals. */
export function SalesReportTab({
  range,
  type,
  onTypeChange,
}: {
  range: Range;
  type: ReportType;
  onTypeChange: (type: ReportType) => void;
}) {
  const q = useSalesByPeriod(type, range);
  const { currency: storeCurrency } = useStoreLocale();
  const currency = q.data?.currency ?? storeCurrency;
  const rows = q.data?.rows ?? [];
  const sold = rows.some((r) => r.current.orders > 0 || r.current.refunds > 0);

  return (
    <Stack gap="lg">
      <SummaryCards range={range} />
      <WidgetCard
        title="Sales by period"
        loading={q.isPending}
        error={q.error}
        onRetry={() => void q.refetch()}
        isEmpty={q.data ? !sold : false}
        skeletonRows={8}
        empty={
          <Text size="sm" c="dimmed">
            No sales in this period. Pick another period or range.
          </Text>
        }
        actions={
          <NativeSelect
            className="report-no-print"
            aria-label="Group by"
            size="xs"
            value={type}
            data={REPORT_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))}
            onChange={(e) => onTypeChange(e.currentTarget.value as ReportType)}
          />
        }
      >
        {q.data && (
          <Stack gap="md">
            <div className="report-no-print">
              <LazyTrendChart
                caption={`Net sales ${TYPE_LABELS[type].toLowerCase()}, beside the period before`}
                data={rows.map((r) => ({
                  label: r.label,
                  value: r.current.net_sales,
                  previous: r.previous.net_sales,
                }))}
                name="Net sales"
                previousName="Period before"
                format={(v) => formatMoney(v, currency)}
                formatAxis={(v) => formatMoneyCompact(v, currency)}
                kind="bar"
                height={240}
              />
            </div>
            <ReportTable
              label="Sales report"
              minWidth={900}
              rows={rows}
              rowKey={(r) => r.period}
              columns={periodColumns(currency)}
              totals={{
                testId: 'sales-report-totals',
                title: 'Totals',
                cells: {
                  ...Object.fromEntries(
                    TABLE_FIGURES.map((k) => [
                      LABEL_OF[k].label,
                      figureText(k, q.data.totals.current, currency),
                    ]),
                  ),
                  'Net sales before': formatMoney(q.data.totals.previous.net_sales, currency),
                  Change: (
                    <ChangeBadge
                      percent={q.data.totals.change_percent.net_sales}
                      current={q.data.totals.current.net_sales}
                      previous={q.data.totals.previous.net_sales}
                      against=""
                    />
                  ),
                },
              }}
            />
          </Stack>
        )}
      </WidgetCard>
    </Stack>
  );
}
