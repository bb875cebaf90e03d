import { Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { TrendChartProps } from './trend-chart';

// Loaded on first use: the figures around a chart show while recharts (about 100 KB) arrives.
const TrendChart = lazy(() => import('./trend-chart'));

/**
 * A chart of a series over time, in a figure whose caption says what it shows (read by screen
 * readers; the chart itself answers the arrow keys through recharts' accessibility layer).
 */
export function LazyTrendChart({ caption, ...props }: TrendChartProps & { caption: string }) {
  const height = props.height ?? 260;
  return (
    <figure style={{ margin: 0 }} aria-label={caption}>
      <Suspense fallback={<Skeleton height={height} radius="sm" role="status" aria-label="Loading chart" />}>
        <TrendChart {...props} />
      </Suspense>
    </figure>
  );
}
