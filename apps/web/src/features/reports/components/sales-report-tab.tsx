import { NativeSelect, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { REPORT_TYPES, type ReportType, type SalesFigures } from '@tillbook/contract/reports';
import { ChangeBadge, StatCard, WidgetCard } from '../../../components/insight-cards';
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
            <ReportTable label="Sales report" minWidth={900}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Period</Table.Th>
                  {TABLE_FIGURES.map((k) => (
                    <Table.Th key={k} ta="right">
                      {LABEL_OF[k].label}
                    </Table.Th>
                  ))}
                  <Table.Th ta="right">Net sales before</Table.Th>
                  <Table.Th ta="right">Change</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={r.period}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{r.label}</Table.Td>
                    {TABLE_FIGURES.map((k) => (
                      <Table.Td key={k} ta="right" style={{ whiteSpace: 'nowrap' }}>
                        {figureText(k, r.current, currency)}
                      </Table.Td>
                    ))}
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {formatMoney(r.previous.net_sales, currency)}
                    </Table.Td>
                    <Table.Td ta="right">
                      <ChangeBadge
                        percent={r.change_percent.net_sales}
                        current={r.current.net_sales}
                        previous={r.previous.net_sales}
                        against=""
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr fw={700} data-testid="sales-report-totals">
                  <Table.Th scope="row">Totals</Table.Th>
                  {TABLE_FIGURES.map((k) => (
                    <Table.Td key={k} ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {figureText(k, q.data.totals.current, currency)}
                    </Table.Td>
                  ))}
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(q.data.totals.previous.net_sales, currency)}
                  </Table.Td>
                  <Table.Td ta="right">
                    <ChangeBadge
                      percent={q.data.totals.change_percent.net_sales}
                      current={q.data.totals.current.net_sales}
                      previous={q.data.totals.previous.net_sales}
                      against=""
                    />
                  </Table.Td>
                </Table.Tr>
              </Table.Tfoot>
            </ReportTable>
          </Stack>
        )}
      </WidgetCard>
    </Stack>
  );
}
