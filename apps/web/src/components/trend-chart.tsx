// The chart library and its styles load with this module only (see lazy-trend-chart.tsx), so
// no screen without a chart, and not the sign-in route, pays for recharts.
import '@mantine/charts/styles.css';
import { AreaChart, BarChart } from '@mantine/charts';

export interface TrendPoint {
  /** The x-axis text of the point ("14:00", "Mon 3", "Aug"). */
  label: string;
  value: number;
  /** A second series drawn beside the first (the previous period). */
  previous?: number;
}

export interface TrendChartProps {
  data: TrendPoint[];
  /** The name of the series in the tooltip ("Sales"). */
  name: string;
  /** Name of the `previous` series, when drawn. */
  previousName?: string;
  format: (value: number) => string;
  /** Axis labels are short: compact money ("₦1.2M") or plain counts. */
  formatAxis?: (value: number) => string;
  kind?: 'area' | 'bar';
  height?: number;
  /** A small chart without axes or grid (the home screen's seven days). */
  compact?: boolean;
}

/**
 * A sales, orders or customers series over time, drawn with @mantine/charts. Callers pass the
 * points that have happened (`pointsSoFar` in trend-series.ts): nothing here invents a point.
 */
export default function TrendChart({
  data,
  name,
  previousName,
  format,
  formatAxis,
  kind = 'area',
  height = 260,
  compact = false,
}: TrendChartProps) {
  const withPrevious = Boolean(previousName) && data.some((p) => p.previous !== undefined);
  const series = [
    { name: 'value', label: name, color: 'brand.6' },
    ...(withPrevious ? [{ name: 'previous', label: previousName, color: 'gray.5' }] : []),
  ];
  const common = {
    h: height,
    data: data as unknown as Record<string, unknown>[],
    dataKey: 'label',
    series,
    valueFormatter: format,
    withXAxis: !compact,
    withYAxis: !compact,
    gridAxis: compact ? ('none' as const) : ('y' as const),
    tickLine: 'none' as const,
    withLegend: withPrevious,
    yAxisProps: { tickFormatter: formatAxis ?? format, width: 72 },
    xAxisProps: { interval: 'preserveStartEnd' as const, minTickGap: 12 },
  };
  return kind === 'bar' ? (
    <BarChart {...common} />
  ) : (
    // Straight segments between the points: a smoothed (monotone) curve draws a ramp between two
    // days that no sale made, and dips below or bulges past what was sold.
    <AreaChart {...common} curveType="linear" withDots={data.length <= 31} strokeWidth={2} />
  );
}
