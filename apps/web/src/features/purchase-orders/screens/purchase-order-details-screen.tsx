import { Anchor, Button, Group, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Fact } from '../../../components/details';
import { DateTime, Money } from '../../../components/money';
import { PageHeader } from '../../../components/page-header';
import { ErrorState, LoadingState, Section } from '../../../components/states';
import { StatusBadge } from '../../../components/status-badge';
import { messageOf } from '../../../lib/api-client';
import { useCan } from '../../../lib/current-user';
import { notify } from '../../../lib/toast';
import { usePurchaseOrder } from '../api/get-purchase-order';
import { useCancelPurchaseOrder, useIssuePurchaseOrder } from '../api/purchase-order-actions';
import { PurchaseOrderDocument } from '../components/purchase-order-document';
import { poLineLabel } from '../components/po-lines';
import { receiptItemName, unitsOfOrder } from '../components/receive-lines';
import { ReceiveModal } from '../components/receive-modal';
import { paths } from '../../../config/paths';
import { LinesTable } from '../../../components/lines-table';

/**
 * `/purchase/orders/{id}`: lines with ordered and received quantities, each in its own unit (a
 * carton line counts cartons); issue, receive, cancel, print.
 */
export default function PurchaseOrderDetailsScreen() {
  const { id } = useParams();
  const order = usePurchaseOrder(id);
  const canManage = useCan('purchase_orders.manage');
  const canReceive = useCan('purchase_orders.receive');
  const [receiving, setReceiving] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const issue = useIssuePurchaseOrder({
    onSuccess: (answer) => notify.success(`${answer.data.number} issued`),
    onError: (error) => notify.error(messageOf(error)),
  });
  const cancel = useCancelPurchaseOrder({
    onSuccess: (answer) => {
      notify.success(`${answer.data.number} cancelled`);
      setCancelling(false);
    },
    onError: (error) => notify.error(messageOf(error)),
  });

  if (order.isPending) return <LoadingState rows={8} label="Loading purchase order" />;
  if (order.isError) return <ErrorState error={order.error} onRetry={() => void order.refetch()} />;
  const po = order.data;
  const receivable = po.status === 'issued' || po.status === 'partially_received';
  const cancellable = po.status === 'draft' || (po.status === 'issued' && po.quantity_received === 0);
  const units = unitsOfOrder(po.items);

  return (
    <Stack gap="lg">
      <PageHeader
        title={po.number}
        badge={<StatusBadge status={po.status} />}
        breadcrumbs={[
          { label: 'Purchasing' },
          { label: 'Purchase orders', to: paths.purchaseOrders },
          { label: po.number },
        ]}
        actions={
          <Group gap="sm">
            <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
              Print
            </Button>
            {canManage && cancellable && (
              <Button variant="outline" color="red" onClick={() => setCancelling(true)}>
                Cancel order
              </Button>
            )}
            {canManage && po.status === 'draft' && (
              <>
                <Button variant="default" component={Link} to={paths.purchaseOrderEdit(po.id)}>
                  Edit
                </Button>
                <Button loading={issue.isPending} onClick={() => issue.mutate(po.id)}>
                  Issue
                </Button>
              </>
            )}
            {canReceive && receivable && <Button onClick={() => setReceiving(true)}>Receive stock</Button>}
          </Group>
        }
      />
      <Section title="Order">
        <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="md">
          <Fact label="Vendor">
            <Anchor component={Link} to={paths.vendor(po.vendor.id)}>
              {po.vendor.name}
            </Anchor>
          </Fact>
          <Fact label="Order date">{po.order_date}</Fact>
          <Fact label="Expected">{po.expected_date}</Fact>
          <Fact label="Total">
            <Money minor={po.total} />
          </Fact>
          <Fact label="Issued">{po.issued_at && <DateTime iso={po.issued_at} />}</Fact>
          <Fact label="Received">
            {units.received} of {units.ordered} units ({units.percent}%)
          </Fact>
        </SimpleGrid>
        <Progress mt="md" value={units.percent} aria-label="Received" />
        {po.notes && (
          <Text size="sm" mt="md">
            {po.notes}
          </Text>
        )}
      </Section>
      <Section title="Lines">
        <LinesTable
          label="Lines"
          rows={po.items}
          rowKey={(i) => i.id}
          minWidth={640}
          columns={[
            {
              header: 'Product',
              cell: (i) => (
                <>
                  <Anchor component={Link} to={paths.product(i.product_id)} size="sm" fw={500}>
                    {poLineLabel(i)}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {[i.sku, i.barcode].filter(Boolean).join(' · ')}
                  </Text>
                </>
              ),
            },
            { header: 'Ordered', numeric: true, cell: (i) => i.quantity },
            { header: 'Received', numeric: true, cell: (i) => i.quantity_received },
            { header: 'Outstanding', numeric: true, cell: (i) => i.quantity - i.quantity_received },
            { header: 'Unit cost', numeric: true, cell: (i) => <Money minor={i.unit_cost} /> },
            {
              header: 'Line total',
              numeric: true,
              card: 'figure',
              cell: (i) => <Money minor={i.line_total} />,
            },
          ]}
        />
        <Group justify="flex-end" mt="sm">
          <Text fw={700}>
            Total <Money minor={po.total} />
          </Text>
        </Group>
      </Section>
      <Section title="Receipts" description="Each delivery received into stock.">
        {po.receipts.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing received yet.
          </Text>
        ) : (
          <Stack gap="sm">
            {po.receipts.map((r) => (
              <div key={r.id}>
                <Text size="sm" fw={600}>
                  <DateTime iso={r.created_at} />
                  {r.note ? ` · ${r.note}` : ''}
                </Text>
                <Text size="sm" c="dimmed">
                  {r.items.map((i) => `${i.quantity} × ${receiptItemName(po.items, i)}`).join(', ')}
                </Text>
              </div>
            ))}
          </Stack>
        )}
      </Section>
      {receiving && <ReceiveModal order={po} opened onClose={() => setReceiving(false)} />}
      <ConfirmDialog
        opened={cancelling}
        title={`Cancel ${po.number}?`}
        message="The order stays on record as cancelled; nothing can be received on it afterwards."
        confirmLabel="Cancel purchase order"
        loading={cancel.isPending}
        onConfirm={() => cancel.mutate(po.id)}
        onClose={() => setCancelling(false)}
      />
      <PurchaseOrderDocument order={po} />
    </Stack>
  );
}
