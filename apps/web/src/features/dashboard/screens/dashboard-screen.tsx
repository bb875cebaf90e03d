import { SimpleGrid, Stack } from '@mantine/core';
import { PageHeader } from '../../../components/page-header';
import { NotInRoleScreen } from '../../../components/not-in-role';
import { useCan } from '../../../lib/current-user';
import { CustomersCard, OrdersCard, TodaySalesCard, TotalSalesCard } from '../components/figure-cards';
import { SalesChartCard } from '../components/sales-chart-card';
import { RecentOrdersCard, TopCustomersCard, TopProductsCard } from '../components/top-lists';

/** paths.dashboard: the four figures, the chart, top customers and products, recent orders. */
export default function DashboardScreen() {
  const canView = useCan('reports.view');
  if (!canView) {
    return (
      <NotInRoleScreen
        title="Dashboard"
        closed="The dashboard is not part of your role"
        ask="Ask the store's owner for the permission to view the dashboard and reports."
      />
    );
  }
  return (
    <Stack gap="lg">
      <PageHeader title="Dashboard" description="Your sales, orders and customers at a glance." />
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
        <TotalSalesCard />
        <TodaySalesCard />
        <CustomersCard />
        <OrdersCard />
      </SimpleGrid>
      <SalesChartCard />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <TopCustomersCard />
        <TopProductsCard />
      </SimpleGrid>
      <RecentOrdersCard />
    </Stack>
  );
}
