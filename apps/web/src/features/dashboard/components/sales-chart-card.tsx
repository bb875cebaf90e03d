import { Group, NativeSelect, Text, TextInput } from '@mantine/core';
import { CHART_OPTIONS, CHART_TIMES, type ChartOption, type ChartTime } from '@tillbook/contract/reports';
import { WidgetCard } from '../../../components/insight-cards';
import { LazyTrendChart } from '../../../components/lazy-trend-chart';
import { pointsSoFar } from '../../../components/trend-series';
import { useStoreLocale } from '../../../lib/current-user';
import { queryCardState } from '../../../lib/query-state';
import { useUrlParams } from '../../../lib/use-url-params';
import { formatCount, formatMoney, formatMoneyCompact, storeDate } from '../../../lib/format';
import { useChart, type ChartPeriod } from '../api/dashboard';

export const OPTION_LABELS: Record<ChartOption, string> = {
  sales: 'Sales',
  orders: 'Orders',
  customers: 'Customers',
};

export const TIME_LABELS: Record<ChartTime | 'custom', string> = {
  today: 'Today',
  week: 'This week',
  month: 'This month',
  year: 'This year',
  custom: 'Custom range',
};

const EMPTY_TEXT: Record<ChartOption, string> = {
  sales: 'No sales in this period yet.',
  orders: 'No orders completed in this period yet.',
  customers: 'No customers added in this period yet.',
};

const isOption = (v: string | null): v is ChartOption => CHART_OPTIONS.includes(v as ChartOption);
const isTime = (v: string | null): v is ChartTime => CHART_TIMES.includes(v as ChartTime);

/**
 * The chart's option and period, kept in the URL (`?chart=orders&time=month`, or
 * `?time=custom&from=…&to=…`) so a reload or a shared link draws the same chart.
 */
function useChartParams(timezone: string) {
  const [params, set] = useUrlParams();
  const chart = params.get('chart');
  const time = params.get('time');
  const option: ChartOption = isOption(chart) ? chart : 'sales';
  const custom = time === 'custom';
  const from = params.get('from') || storeDate(timezone, -29);
  const to = params.get('to') || storeDate(timezone);
  const period: ChartPeriod = custom ? { from, to } : { time: isTime(time) ? time : 'week' };
  return {
    option,
    custom,
    from,
    to,
    period,
    timeValue: custom ? 'custom' : 'time' in period ? period.time : 'week',
    set,
  };
}

/** Sales, orders or customers over today, this week, month or year, or a chosen range. */
export function SalesChartCard() {
  const { currency, timezone } = useStoreLocale();
  const { option, custom, from, to, period, timeValue, set } = useChartParams(timezone);
  const rangeValid = !custom || (from <= to && Boolean(from) && Boolean(to));
  const q = useChart(option, period);
  const money = option === 'sales';
  const format = (v: number) => (money ? formatMoney(v, currency) : formatCount(v));
  const formatAxis = (v: number) => (money ? formatMoneyCompact(v, currency) : formatCount(v));

  return (
    <WidgetCard
      title={`${OPTION_LABELS[option]} over time`}
      {...queryCardState(q)}
      error={rangeValid ? q.error : null}
      isEmpty={q.data?.total === 0}
      skeletonRows={6}
      empty={
        <Text size="sm" c="dimmed">
          {EMPTY_TEXT[option]}
        </Text>
      }
      actions={
        <Group gap="xs" wrap="wrap" align="flex-end">
          <NativeSelect
            aria-label="Chart figure"
            size="xs"
            value={option}
            data={CHART_OPTIONS.map((o) => ({ value: o, label: OPTION_LABELS[o] }))}
            onChange={(e) => set({ chart: e.currentTarget.value === 'sales' ? null : e.currentTarget.value })}
          />
          <NativeSelect
            aria-label="Chart period"
            size="xs"
            value={timeValue}
            data={[...CHART_TIMES, 'custom' as const].map((t) => ({ value: t, label: TIME_LABELS[t] }))}
            onChange={(e) => {
              const v = e.currentTarget.value;
              set({ time: v === 'week' ? null : v, ...(v === 'custom' ? {} : { from: null, to: null }) });
            }}
          />
          {custom && (
            <>
              <TextInput
                type="date"
                size="xs"
                aria-label="Chart from"
                value={from}
                max={to}
                onChange={(e) => set({ from: e.currentTarget.value || null })}
              />
              <TextInput
                type="date"
                size="xs"
                aria-label="Chart to"
                value={to}
                min={from}
                error={rangeValid ? undefined : 'The end date must be on or after the start date'}
                onChange={(e) => set({ to: e.currentTarget.value || null })}
              />
            </>
          )}
        </Group>
      }
    >
      {q.data && (
        <>
          <Text size="sm" c="dimmed" mb="xs" aria-live="polite" data-testid="chart-total">
            {TIME_LABELS[timeValue as ChartTime | 'custom']}: <b>{format(q.data.total)}</b>
          </Text>
          <LazyTrendChart
            caption={`${OPTION_LABELS[option]} by ${q.data.granularity}, ${TIME_LABELS[timeValue as ChartTime | 'custom'].toLowerCase()}`}
            data={pointsSoFar(q.data.points, q.data.granularity, timezone).map((p) => ({
              label: p.label,
              value: p.value,
            }))}
            name={OPTION_LABELS[option]}
            format={format}
            formatAxis={formatAxis}
            // Days and months are bars (each its own total); only the hours of today join up.
            kind={q.data.granularity === 'hour' ? 'area' : 'bar'}
          />
        </>
      )}
    </WidgetCard>
  );
}
