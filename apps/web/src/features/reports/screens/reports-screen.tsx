import { ComingSoon } from '../../../components/coming-soon';

/** Replaced by the reports screen when its area is built. */
export default function ReportsScreen() {
  return (
    <ComingSoon
      area="Reports"
      title="Reports"
      description="Sales report, sales by item and sales transactions for any period, compared with the previous one."
      features={['Export to CSV and print', 'Daily, weekly, monthly and yearly periods']}
    />
  );
}
