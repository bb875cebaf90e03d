import { Group, Progress, Text } from '@mantine/core';
import {
  purchaseOrderListQuery,
  type PurchaseOrderStatus,
  type PurchaseOrderSummary,
} from '@tillbook/contract/purchase-orders';
import { useNavigate } from 'react-router';
import { purchaseOrdersRoutes } from '@tillbook/contract/route-refs';
import { column, moneyColumn, statusColumn, textColumn, titleColumn } from '../../../components/columns';
import { ListScreen } from '../../../components/list-screen';
import { datedListFilters } from '../../../components/dated-list-filters';
import { StatusTabs, statusTabs } from '../../../components/table-filters';
import { downloadRoute } from '../../../lib/api-client';
import { useCan } from '../../../lib/current-user';
import { useListState } from '../../../lib/use-list-state';
import { usePurchaseOrders } from '../api/list-purchase-orders';
import { paths } from '../../../config/paths';

const TABS = statusTabs([
  'draft',
  'issued',
  'partially_received',
  'received',
  'cancelled',
] satisfies PurchaseOrderStatus[]);

const COLUMNS = [
  titleColumn<PurchaseOrderSummary>('number', 'Number', (o) => o.number),
  column<PurchaseOrderSummary>('vendor', 'Vendor', (o) => o.vendor.name),
  column<PurchaseOrderSummary>('order_date', 'Date', (o) => o.order_date),
  textColumn<PurchaseOrderSummary>('expected', 'Expected', (o) => o.expected_date),
  moneyColumn<PurchaseOrderSummary>('total', 'Total', (o) => o.total),
  column<PurchaseOrderSummary>('received', 'Received', (o) => (
    <Group gap="xs" wrap="nowrap" miw={120}>
      <Progress value={o.received_percent} w={70} size="sm" aria-hidden />
      <Text size="sm">{o.received_percent}%</Text>
    </Group>
  )),
  statusColumn<PurchaseOrderSummary>((o) => o.status),
];

/** paths.purchaseOrders: purchase orders by status, searched by number or vendor, with dates. */
export default function PurchaseOrdersScreen() {
  const navigate = useNavigate();
  const state = useListState('purchase-orders', purchaseOrderListQuery, 'Search number or vendor');
  const orders = usePurchaseOrders(state.query);
  const canCreate = useCan('purchase_orders.manage');

  return (
    <ListScreen
      title="Purchase orders"
      description="Stock you ordered from vendors, from draft to received."
      state={state}
      filters={datedListFilters(state, { heading: 'Order date' })}
      onExport={() =>
        downloadRoute(purchaseOrdersRoutes.export, { query: state.exportQuery }, 'purchase-orders.csv')
      }
      add={canCreate ? { label: 'New purchase order', to: paths.purchaseOrderCreate } : undefined}
      toolbar={<StatusTabs state={state} tabs={TABS} />}
      list={orders}
      columns={COLUMNS}
      onRowClick={(o) => navigate(paths.purchaseOrder(o.id))}
      noun="purchase orders"
      noMatch={{
        description: 'Try another search, tab or date range.',
        clearLabel: 'Show all purchase orders',
      }}
      empty={{ description: 'Raise a purchase order to a vendor, then receive the stock when it arrives.' }}
    />
  );
}
