import { Anchor, Button, Group, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPackage, IconPlus, IconShoppingCart } from '@tabler/icons-react';
import type { ProductListItem } from '@tillbook/contract/products';
import type { TodayTakings } from '@tillbook/contract/reports';
import { Link } from 'react-router';
import type { ReactNode } from 'react';
import { ChangeBadge, StatCard, WidgetCard } from '../../../components/insight-cards';
import { LazyTrendChart } from '../../../components/lazy-trend-chart';
import { Money } from '../../../components/money';
import { ListCard, NoOrdersYet, orderNumber, orderStatus } from '../../../components/list-card';
import { ErrorState, LoadingState } from '../../../components/states';
import { paths } from '../../../config/paths';
import { queryCardState } from '../../../lib/query-state';
import { useCan, useCurrentUser, useStoreLocale } from '../../../lib/current-user';
import {
  formatCount,
  formatMoney,
  formatMoneyCompact,
  formatRelative,
  percentChange,
  storeDate,
} from '../../../lib/format';
import {
  useDayCustomers,
  useProductsInState,
  useRecentOrders,
  useSalesChart,
  useTodaySales,
  useTodayTakings,
} from '../api/day';
import { PAYMENT_TYPE_LABELS } from '../../../lib/payment-types';

function greeting(hour: number): string {
  if (hour < 12) return 'Good morning';
  if (hour < 17) return 'Good afternoon';
  return 'Good evening';
}

/** The hour of the day in the store's time zone, for the greeting. */
function storeHour(timeZone: string): number {
  const hour = new Intl.DateTimeFormat('en-GB', { timeZone, hour: 'numeric', hourCycle: 'h23' }).format(
    new Date(),
  );
  return Number(hour) || new Date().getHours();
}

function QuickActions() {
  const canSell = useCan('orders.create');
  const canAddProduct = useCan('products.manage');
  if (!canSell && !canAddProduct) return null;
  return (
    <Group gap="sm">
      {canSell && (
        <Button component={Link} to={paths.pointOfSale} leftSection={<IconShoppingCart size={18} />}>
          New sale
        </Button>
      )}
      {canAddProduct && (
        <Button
          component={Link}
          to={paths.productCreate}
          variant="default"
          leftSection={<IconPlus size={18} />}
        >
          Add product
        </Button>
      )}
    </Group>
  );
}

/**
 * The day in four figures, each named for what it counts: the value of today's sales and their
 * number (against yesterday), the money taken today by payment type, and the customers.
 */
function DayFigures({ today }: { today: string }) {
  const sales = useTodaySales();
  const takings = useTodayTakings();
  const customers = useDayCustomers(today);
  const todayOrders = `${paths.orders}?from=${today}&to=${today}`;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
      <StatCard
        label="Sales today"
        {...queryCardState(sales)}
        value={sales.data && <Money minor={sales.data.today} currency={sales.data.currency} />}
        footer={
          sales.data && (
            <AgainstYesterday
              today={sales.data.today}
              yesterday={sales.data.yesterday}
              percent={sales.data.change_percent}
              none="No sales yet today."
            >
              <Money minor={sales.data.yesterday} currency={sales.data.currency} />
            </AgainstYesterday>
          )
        }
        to={todayOrders}
        linkLabel="View today's orders"
      />
      <StatCard
        label="Orders today"
        {...queryCardState(sales)}
        value={sales.data && formatCount(sales.data.today_orders)}
        footer={
          sales.data && (
            <AgainstYesterday
              today={sales.data.today_orders}
              yesterday={sales.data.yesterday_orders}
              none="Completed orders count here."
            >
              {formatCount(sales.data.yesterday_orders)}
            </AgainstYesterday>
          )
        }
        to={`${todayOrders}&status=success`}
        linkLabel="View today's completed orders"
      />
      <StatCard
        label="Takings today"
        {...queryCardState(takings)}
        value={takings.data && <Money minor={takings.data.total} currency={takings.data.currency} />}
        footer={takings.data && <TakingsByType takings={takings.data} />}
        to={`${paths.paymentsReceived}?from=${today}&to=${today}`}
        linkLabel="View today's payments"
      />
      <StatCard
        label="Customers today"
        {...queryCardState(customers)}
        value={customers.data && formatCount(customers.data.buying)}
        footer={
          customers.data && (
            <Text size="xs" c="dimmed">
              {formatCount(customers.data.new)} new today · {formatCount(customers.data.total)} in all
            </Text>
          )
        }
        to={paths.customers}
        linkLabel="View customers"
      />
    </SimpleGrid>
  );
}

/** Today's money by payment type ("Cash ₦3,000 · Card ₦1,000"), the largest first. */
function TakingsByType({ takings }: { takings: TodayTakings }) {
  if (!takings.by_type.length)
    return (
      <Text size="xs" c="dimmed">
        No money received yet today.
      </Text>
    );
  return (
    <Text size="xs" c="dimmed" data-testid="takings-by-type">
      {takings.by_type
        .map(
          (t) =>
            `${PAYMENT_TYPE_LABELS[t.payment_type] ?? t.payment_type} ${formatMoney(t.amount, takings.currency)}`,
        )
        .join(' · ')}
    </Text>
  );
}

/**
 * A day figure's footer: a sentence while today and yesterday both have nothing, else the change
 * against yesterday (equal figures are no change) and yesterday's figure.
 */
function AgainstYesterday({
  today,
  yesterday,
  percent = percentChange(today, yesterday),
  none,
  children,
}: {
  today: number;
  yesterday: number;
  /** By default worked out from the two figures. */
  percent?: number | null;
  none: string;
  children: ReactNode;
}) {
  if (today === 0 && yesterday === 0) {
    return (
      <Text size="xs" c="dimmed">
        {none}
      </Text>
    );
  }
  return (
    <Group gap={6}>
      <ChangeBadge percent={percent} current={today} previous={yesterday} against="vs yesterday" />
      <Text size="xs" c="dimmed">
        Yesterday {children}
      </Text>
    </Group>
  );
}

function WeekChart({ today, currency }: { today: string; currency: string }) {
  const from = storeDate(undefined, -6, new Date(`${today}T12:00:00Z`));
  const chart = useSalesChart(from, today);
  return (
    <WidgetCard
      title="Sales, last 7 days"
      {...queryCardState(chart)}
      isEmpty={chart.data?.total === 0}
      skeletonRows={4}
      empty={
        <Text size="sm" c="dimmed">
          No sales in the last 7 days yet.
        </Text>
      }
      actions={
        <Anchor component={Link} to={paths.dashboard} size="sm">
          Dashboard
        </Anchor>
      }
    >
      {chart.data && (
        <>
          <Text size="sm" c="dimmed" mb="xs" data-testid="week-total">
            7 days: <b>{formatMoney(chart.data.total, currency)}</b>
          </Text>
          <LazyTrendChart
            caption="Sales by day, last 7 days"
            data={chart.data.points.map((p) => ({ label: p.label, value: p.value }))}
            name="Sales"
            format={(v) => formatMoney(v, currency)}
            formatAxis={(v) => formatMoneyCompact(v, currency)}
            kind="bar"
            height={180}
          />
        </>
      )}
    </WidgetCard>
  );
}

function LowStock() {
  const out = useProductsInState('out_of_stock', 5);
  const low = useProductsInState('low_stock', 5);
  const rows: ProductListItem[] = [...(out.data?.data ?? []), ...(low.data?.data ?? [])].slice(0, 6);
  const failed = out.error ?? low.error;
  const lowTotal = low.data?.pagination?.total ?? 0;
  const outTotal = out.data?.pagination?.total ?? 0;
  return (
    <WidgetCard
      title="Running low"
      loading={out.isPending || low.isPending}
      error={failed}
      onRetry={() => {
        void out.refetch();
        void low.refetch();
      }}
      isEmpty={rows.length === 0}
      empty={
        <Text size="sm" c="dimmed">
          Every tracked product is above its low-stock level.
        </Text>
      }
      actions={
        <Group gap="sm">
          <Anchor component={Link} to={`${paths.products}?stock=out_of_stock`} size="sm">
            {formatCount(outTotal)} out of stock
          </Anchor>
          <Anchor component={Link} to={`${paths.products}?stock=low_stock`} size="sm">
            {formatCount(lowTotal)} low
          </Anchor>
        </Group>
      }
    >
      <Stack gap="xs">
        {rows.map((p) => (
          <div key={p.id}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Anchor component={Link} to={paths.product(p.id)} size="sm" fw={600} truncate>
                {p.name}
              </Anchor>
              <Text size="sm" c={p.stock_status === 'out_of_stock' ? 'red.9' : undefined} fw={500}>
                {formatCount(p.quantity)}
                <Text span size="xs" c="dimmed">
                  {' '}
                  / min {p.low_stock_threshold}
                </Text>
              </Text>
            </Group>
            <Progress
              size="sm"
              mt={4}
              color={p.stock_status === 'out_of_stock' ? 'red' : 'yellow'}
              value={Math.min(100, (p.quantity / Math.max(1, p.low_stock_threshold)) * 100)}
              aria-label={`${p.name}: ${p.quantity} in stock, low at ${p.low_stock_threshold}`}
            />
          </div>
        ))}
      </Stack>
    </WidgetCard>
  );
}

function RecentOrders() {
  const canSell = useCan('orders.create');
  return (
    <ListCard
      title="Recent orders"
      query={useRecentOrders(5)}
      rowKey={(o) => o.id}
      empty={<NoOrdersYet text="No orders yet. Your first sale shows here." canSell={canSell} />}
      all={{ to: paths.orders, label: 'All orders' }}
      columns={[
        {
          header: 'Number',
          cell: (o) => (
            <>
              {orderNumber(o)}
              <Text size="xs" c="dimmed" truncate maw={{ base: 110, xs: 220 }}>
                {o.product} · <time dateTime={o.created_at}>{formatRelative(o.created_at)}</time>
              </Text>
            </>
          ),
        },
        { header: 'Amount', numeric: true, cell: (o) => <Money minor={o.amount} /> },
        { header: 'Status', cell: orderStatus },
      ]}
    />
  );
}

/** paths.home: the day at a glance, what runs low, the latest orders and the quick actions. */
export default function HomeScreen() {
  const { data, isPending, error, refetch } = useCurrentUser();
  const { currency, timezone } = useStoreLocale();
  const canSeeFigures = useCan('reports.view');
  const canSeeProducts = useCan('products.view');
  const today = storeDate(timezone);
  const store = data?.store;
  // What the screen shows follows the role, known once the user is.
  if (isPending) return <LoadingState rows={6} label="Loading your store" />;
  if (error || !data) return <ErrorState error={error} onRetry={() => void refetch()} />;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="md">
        <div>
          <Title order={2} fz={{ base: 22, sm: 26 }}>
            {greeting(storeHour(timezone))}
            {data.user.first_name ? `, ${data.user.first_name}` : ''}
          </Title>
          <Text c="dimmed" size="sm" data-testid="current-store">
            {store ? `${store.business_name} today` : 'Your shop today'}
          </Text>
        </div>
        <QuickActions />
      </Group>

      {canSeeFigures ? (
        <>
          <DayFigures today={today} />
          <WeekChart today={today} currency={currency} />
        </>
      ) : (
        <Text size="sm" c="dimmed">
          Sales figures are shown to roles that can view the dashboard and reports.
        </Text>
      )}

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {canSeeProducts && <LowStock />}
        {canSeeFigures && <RecentOrders />}
      </SimpleGrid>

      {!canSeeFigures && !canSeeProducts && (
        <Group gap="md">
          <IconPackage size={18} aria-hidden />
          <Text size="sm">Pick an area from the menu to get going.</Text>
        </Group>
      )}
    </Stack>
  );
}
