import { ComingSoon } from '../../../components/coming-soon';

/** Replaced by the dashboard screen when its area is built. */
export default function DashboardScreen() {
  return (
    <ComingSoon
      area="Overview"
      title="Dashboard"
      description="Your shop at a glance: total sales, today's sales against yesterday, customers, orders and a sales chart by day, week, month or year."
      features={[
        'Top customers and top products',
        'Recent orders with their status',
        'Sales, orders and customers chart',
      ]}
    />
  );
}
