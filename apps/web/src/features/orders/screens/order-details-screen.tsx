import { Anchor, Button, Grid, Group, Stack, Text, Timeline } from '@mantine/core';
import { IconFileInvoice, IconPrinter } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { DateTime, Money } from '../../../components/money';
import { PageHeader } from '../../../components/page-header';
import { ErrorState, LoadingState, Section } from '../../../components/states';
import { StatusBadge } from '../../../components/status-badge';
import { messageOf } from '../../../lib/api-client';
import { useCan } from '../../../lib/current-user';
import { notify } from '../../../lib/toast';
import { useOrder } from '../api/get-order';
import { useChangeOrderStatus } from '../api/order-actions';
import { STATUS_ACTION_LABELS, nextStatuses, orderStatusLabel } from '../components/order-status';
import { OrderStatusBadge } from '../components/order-status-badge';
import { PAYMENT_TYPE_LABELS } from '../../../lib/payment-types';
import { Receipt } from '../../../components/receipt';
import { paths } from '../../../config/paths';
import { lineLabel } from '../../../lib/line-label';
import { CancelModal, RefundModal } from '../components/order-modals';
import { OfflineSaleAlert } from '../components/offline-sale-alert';
import { LinesTable } from '../../../components/lines-table';

const CHANNEL_LABELS: Record<string, string> = { pos: 'Point of sale', dashboard: 'Dashboard', api: 'API' };

function Row({ label, children, strong }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="md">
      <Text size="sm" c={strong ? undefined : 'dimmed'} fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : undefined}>
        {children}
      </Text>
    </Group>
  );
}

/** `/sales/orders/details/{id}`: the sale, its payments and history; status moves, cancel, refund. */
export default function OrderDetailsScreen() {
  const { id } = useParams();
  const order = useOrder(id);
  const canUpdate = useCan('orders.update_status');
  const canRecord = useCan('payments.record');
  const [cancelling, setCancelling] = useState(false);
  const [refunding, setRefunding] = useState(false);
  const change = useChangeOrderStatus({
    onSuccess: (answer) =>
      notify.success(`${answer.data.number} is now ${orderStatusLabel(answer.data.status).toLowerCase()}`),
    onError: (error) => notify.error(messageOf(error)),
  });

  if (order.isPending) return <LoadingState rows={8} label="Loading order" />;
  if (order.isError) return <ErrorState error={order.error} onRetry={() => void order.refetch()} />;
  const o = order.data;
  const open = o.status === 'pending' || o.status === 'processing';
  const takesPayment = (open || o.status === 'success') && o.amount_outstanding > 0;

  return (
    <Stack gap="lg">
      <PageHeader
        title={o.number}
        badge={
          <Group gap={6}>
            <OrderStatusBadge order={o} />
            <StatusBadge status={o.payment_state} />
          </Group>
        }
        breadcrumbs={[{ label: 'Sales' }, { label: 'Orders', to: paths.orders }, { label: o.number }]}
        actions={
          <Group gap="sm">
            <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
              Print receipt
            </Button>
            <Button
              variant="default"
              leftSection={<IconFileInvoice size={16} />}
              component={Link}
              to={paths.invoiceFor(o.id)}
            >
              Invoice
            </Button>
            {canUpdate && open && (
              <Button variant="outline" color="red" onClick={() => setCancelling(true)}>
                Cancel order
              </Button>
            )}
            {canUpdate && o.status === 'success' && (
              <Button variant="outline" color="red" onClick={() => setRefunding(true)}>
                Refund
              </Button>
            )}
            {canRecord && takesPayment && (
              <Button variant="light" component={Link} to={paths.paymentCreateFor(o.id)}>
                Record payment
              </Button>
            )}
            {canUpdate &&
              nextStatuses(o.status).map((s) => (
                <Button
                  key={s}
                  loading={change.isPending}
                  onClick={() => change.mutate({ id: o.id, status: s })}
                >
                  {STATUS_ACTION_LABELS[s] ?? orderStatusLabel(s)}
                </Button>
              ))}
          </Group>
        }
      />
      {o.offline_number && <OfflineSaleAlert order={o} canDecide={canUpdate} />}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <Section title="Items">
              <LinesTable
                label="Order lines"
                rows={o.items}
                rowKey={(i) => i.id}
                columns={[
                  {
                    header: 'Product',
                    cell: (i) => (
                      <>
                        <Anchor component={Link} to={paths.product(i.product_id)} size="sm" fw={500}>
                          {lineLabel(i)}
                        </Anchor>
                        <Text size="xs" c="dimmed">
                          {i.sku}
                          {i.quantity_refunded ? ` · ${i.quantity_refunded} refunded` : ''}
                        </Text>
                      </>
                    ),
                  },
                  {
                    header: 'Price',
                    numeric: true,
                    cell: (i) => (
                      <>
                        <Money minor={i.unit_price} currency={o.currency} />
                        {i.list_price > i.unit_price && (
                          <Text size="xs" c="dimmed" td="line-through">
                            <Money minor={i.list_price} currency={o.currency} />
                          </Text>
                        )}
                      </>
                    ),
                  },
                  { header: 'Quantity', numeric: true, cell: (i) => i.quantity },
                  {
                    header: 'Discount',
                    numeric: true,
                    cell: (i) => (i.discount ? <Money minor={i.discount} currency={o.currency} /> : '—'),
                  },
                  {
                    header: 'Amount',
                    numeric: true,
                    card: 'figure',
                    cell: (i) => <Money minor={i.total} currency={o.currency} />,
                  },
                ]}
              />
              <Stack gap={4} mt="md" ml="auto" maw={340} aria-label="Order totals">
                <Row label="Subtotal">
                  <Money minor={o.subtotal} currency={o.currency} />
                </Row>
                {o.discount > 0 && (
                  <Row label={`Discount${o.discount_code ? ` (${o.discount_code})` : ''}`}>
                    <Money minor={-o.discount} currency={o.currency} />
                  </Row>
                )}
                {o.taxes.map((t) => (
                  <Row key={t.name} label={`${t.name} ${t.rate}%${o.tax_inclusive ? ' (included)' : ''}`}>
                    <Money minor={t.amount} currency={o.currency} />
                  </Row>
                ))}
                {o.shipping > 0 && (
                  <Row label={`Shipping${o.shipping_name ? ` (${o.shipping_name})` : ''}`}>
                    <Money minor={o.shipping} currency={o.currency} />
                  </Row>
                )}
                <Row label="Total" strong>
                  <Money minor={o.total} currency={o.currency} />
                </Row>
                <Row label="Received">
                  <Money minor={o.amount_received} currency={o.currency} />
                </Row>
                {o.change_due > 0 && (
                  <Row label="Change given">
                    <Money minor={o.change_due} currency={o.currency} />
                  </Row>
                )}
                {o.refunded_total > 0 && (
                  <Row label="Refunded">
                    <Money minor={o.refunded_total} currency={o.currency} />
                  </Row>
                )}
                <Row label="Outstanding" strong>
                  <Money minor={o.amount_outstanding} currency={o.currency} />
                </Row>
              </Stack>
            </Section>
            <Section title="Payments">
              {o.payments.length === 0 ? (
                <Text size="sm" c="dimmed">
                  No payment yet.
                </Text>
              ) : (
                <LinesTable
                  label="Payments"
                  rows={o.payments}
                  rowKey={(p) => p.id}
                  minWidth={480}
                  verticalSpacing="xs"
                  columns={[
                    {
                      header: 'Number',
                      cell: (p) => (
                        <Anchor component={Link} to={paths.payment(p.id)} size="sm">
                          {p.number}
                        </Anchor>
                      ),
                    },
                    { header: 'Date', cell: (p) => <DateTime iso={p.payment_date} /> },
                    { header: 'Mode', cell: (p) => PAYMENT_TYPE_LABELS[p.payment_mode] ?? p.payment_mode },
                    { header: 'Reference', cell: (p) => p.reference ?? '—' },
                    {
                      header: 'Amount',
                      numeric: true,
                      card: 'figure',
                      cell: (p) => <Money minor={p.amount} currency={o.currency} />,
                    },
                  ]}
                />
              )}
              {o.refunds.length > 0 && (
                <Stack gap={6} mt="md">
                  <Text size="sm" fw={600}>
                    Refunds
                  </Text>
                  {o.refunds.map((r) => (
                    <Text size="sm" key={r.id}>
                      <DateTime iso={r.created_at} /> · <Money minor={r.value} currency={o.currency} /> ·{' '}
                      {r.items.map((i) => `${i.quantity} × ${i.name}`).join(', ')} · {r.reason}
                    </Text>
                  ))}
                </Stack>
              )}
            </Section>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <Section title="Customer">
              {o.customer ? (
                <Stack gap={4}>
                  <Anchor component={Link} to={paths.customer(o.customer.id)} fw={600}>
                    {o.customer.name}
                  </Anchor>
                  {o.customer.phone_number && <Text size="sm">{o.customer.phone_number}</Text>}
                  {o.customer.email_address && <Text size="sm">{o.customer.email_address}</Text>}
                </Stack>
              ) : (
                <Text size="sm" c="dimmed">
                  Walk-in customer
                </Text>
              )}
            </Section>
            <Section title="Sale">
              <Stack gap={4}>
                <Row label="Date">
                  <DateTime iso={o.created_at} />
                </Row>
                <Row label="Channel">{CHANNEL_LABELS[o.channel] ?? o.channel}</Row>
                <Row label="Payment type">{PAYMENT_TYPE_LABELS[o.payment_type] ?? o.payment_type}</Row>
                <Row label="Served by">{o.created_by.name ?? '—'}</Row>
                {o.invoice_number && <Row label="Invoice">{o.invoice_number}</Row>}
              </Stack>
              {o.notes && (
                <Text size="sm" mt="sm">
                  {o.notes}
                </Text>
              )}
            </Section>
            <Section title="History">
              <Timeline active={o.history.length} bulletSize={14} lineWidth={2} aria-label="Status history">
                {o.history.map((h, index) => (
                  <Timeline.Item key={`${h.created_at}-${index}`} title={<Text size="sm">{h.summary}</Text>}>
                    <Text size="xs" c="dimmed">
                      <DateTime iso={h.created_at} />
                      {h.actor_name ? ` · ${h.actor_name}` : ''}
                    </Text>
                  </Timeline.Item>
                ))}
              </Timeline>
            </Section>
          </Stack>
        </Grid.Col>
      </Grid>
      {cancelling && <CancelModal order={o} onClose={() => setCancelling(false)} />}
      {refunding && <RefundModal order={o} onClose={() => setRefunding(false)} />}
      <Receipt order={o} mode="print" />
    </Stack>
  );
}
