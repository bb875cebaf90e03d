import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { ErrorState, LoadingState } from '../../../components/states';
import { useApiUsage } from '../api/developer-keys';

/** Live calls this month against the plan's allowance, and calls by day. */
export function UsageCard() {
  const usage = useApiUsage();
  if (usage.isPending) return <LoadingState rows={3} label="Loading API usage" />;
  if (usage.isError) return <ErrorState error={usage.error} onRetry={() => void usage.refetch()} />;
  const u = usage.data;
  const share = u.allowance ? Math.min(100, (u.live_calls / u.allowance) * 100) : 0;
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Group justify="space-between" align="baseline">
          <Title order={3} fz="lg">
            Usage this month
          </Title>
          <Text size="sm" c="dimmed">
            {u.plan_name} plan
          </Text>
        </Group>
        <Text data-testid="live-usage" fw={600}>
          {u.allowance === null
            ? `${u.live_calls.toLocaleString()} live calls (unlimited)`
            : `${u.live_calls.toLocaleString()} of ${u.allowance.toLocaleString()} live calls`}
        </Text>
        {u.allowance !== null && (
          <Progress
            value={share}
            color={share >= 100 ? 'red' : share >= 80 ? 'orange' : undefined}
            aria-label="Live calls used this month"
          />
        )}
        <Text size="sm" c="dimmed">
          {u.sandbox_calls.toLocaleString()} sandbox calls this month: free and unlimited.
          {u.allowance !== null &&
            u.live_calls >= u.allowance &&
            ' Live calls are refused until next month or an upgrade.'}
        </Text>
        <BarChart
          h={180}
          data={u.days.map((d) => ({ day: d.date.slice(8), Live: d.live, Sandbox: d.sandbox }))}
          dataKey="day"
          type="stacked"
          series={[
            { name: 'Live', color: 'violet.6' },
            { name: 'Sandbox', color: 'gray.5' },
          ]}
          withLegend
          aria-label="API calls by day"
        />
      </Stack>
    </Paper>
  );
}
