import { Anchor, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { PurchaseOrderSummary } from '@tillbook/contract/purchase-orders';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { column, moneyColumn, statusColumn, titleColumn } from '../../../components/columns';
import { Fact } from '../../../components/details';
import { listTableProps } from '../../../components/list-screen';
import { DataTable } from '../../../components/data-table';
import { DateTime, Money } from '../../../components/money';
import { PageHeader } from '../../../components/page-header';
import { EmptyState, ErrorState, LoadingState, Section } from '../../../components/states';
import { StatusBadge } from '../../../components/status-badge';
import { messageOf } from '../../../lib/api-client';
import { useCan } from '../../../lib/current-user';
import { notify } from '../../../lib/toast';
import { useTableState } from '../../../lib/use-table-state';
import { useVendor } from '../api/get-vendor';
import { useVendorPurchaseOrders } from '../api/list-vendor-purchase-orders';
import { useUpdateVendor } from '../api/save-vendor';
import { AddressCard } from '../components/address-card';
import { paths } from '../../../config/paths';

const ORDER_COLUMNS = [
  titleColumn<PurchaseOrderSummary>('number', 'Number', (o) => o.number),
  column<PurchaseOrderSummary>('order_date', 'Date', (o) => o.order_date),
  moneyColumn<PurchaseOrderSummary>('total', 'Total', (o) => o.total),
  column<PurchaseOrderSummary>('received', 'Received', (o) => `${o.received_percent}%`),
  statusColumn<PurchaseOrderSummary>((o) => o.status),
];

function VendorOrders({ vendorId }: { vendorId: string }) {
  const navigate = useNavigate();
  const state = useTableState('vendor-orders');
  const orders = useVendorPurchaseOrders(vendorId, state.page, state.perPage);
  const canCreate = useCan('purchase_orders.manage');
  return (
    <DataTable
      label="Purchase orders of this vendor"
      columns={ORDER_COLUMNS}
      {...listTableProps(orders)}
      state={state}
      getRowId={(o) => o.id}
      onRowClick={(o) => navigate(paths.purchaseOrder(o.id))}
      empty={
        <EmptyState
          title="No purchase orders yet"
          description="Purchase orders raised to this vendor appear here."
          action={
            canCreate ? (
              <Button component={Link} to={paths.purchaseOrderCreateFor(vendorId)}>
                New purchase order
              </Button>
            ) : undefined
          }
        />
      }
    />
  );
}

/** `/purchase/vendors/details/{id}`: a vendor's profile, addresses and purchase orders. */
export default function VendorDetailsScreen() {
  const { id } = useParams();
  const vendor = useVendor(id);
  const canManage = useCan('vendors.manage');
  const canOrder = useCan('purchase_orders.manage');
  const [confirming, setConfirming] = useState(false);
  const toggle = useUpdateVendor({
    onSuccess: (answer) => {
      notify.success(answer.data.status === 'active' ? 'Vendor activated' : 'Vendor deactivated');
      setConfirming(false);
    },
    onError: (error) => notify.error(messageOf(error)),
  });

  if (vendor.isPending) return <LoadingState rows={8} label="Loading vendor" />;
  if (vendor.isError) return <ErrorState error={vendor.error} onRetry={() => void vendor.refetch()} />;
  const v = vendor.data;
  const active = v.status === 'active';
  const summary = v.purchase_orders_summary;

  return (
    <Stack gap="lg">
      <PageHeader
        title={v.name}
        badge={<StatusBadge status={v.status} />}
        description={v.company_name ?? undefined}
        breadcrumbs={[{ label: 'Purchasing' }, { label: 'Vendors', to: paths.vendors }, { label: v.name }]}
        actions={
          <Group gap="sm">
            {canManage &&
              (active ? (
                <Button variant="outline" color="red" onClick={() => setConfirming(true)}>
                  Deactivate
                </Button>
              ) : (
                <Button
                  variant="outline"
                  loading={toggle.isPending}
                  onClick={() => toggle.mutate({ id: v.id, body: { status: 'active' } })}
                >
                  Activate
                </Button>
              ))}
            {canOrder && active && (
              <Button variant="default" component={Link} to={paths.purchaseOrderCreateFor(v.id)}>
                New purchase order
              </Button>
            )}
            {canManage && (
              <Button component={Link} to={paths.vendorEdit(v.id)}>
                Edit
              </Button>
            )}
          </Group>
        }
      />
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        <Section title="Profile">
          <Stack gap="sm">
            <Fact label="Email">{v.email && <Anchor href={`mailto:${v.email}`}>{v.email}</Anchor>}</Fact>
            <Fact label="Phone">
              {v.phone_number && <Anchor href={`tel:${v.phone_number}`}>{v.phone_number}</Anchor>}
            </Fact>
            <Fact label="Website">
              {v.website && (
                <Anchor href={v.website} target="_blank" rel="noopener noreferrer">
                  {v.website}
                </Anchor>
              )}
            </Fact>
            <Fact label="Notes">{v.notes}</Fact>
          </Stack>
        </Section>
        <Section title="Purchasing">
          <SimpleGrid cols={2} spacing="sm">
            <Fact label="Purchase orders">{String(summary.count)}</Fact>
            <Fact label="Open">{String(summary.open_count)}</Fact>
            <Fact label="Total ordered">
              <Money minor={summary.total_ordered} />
            </Fact>
            <Fact label="Last order">{summary.last_order_date}</Fact>
            <Fact label="Vendor since">
              <DateTime iso={v.created_at} />
            </Fact>
          </SimpleGrid>
        </Section>
        <Section title="Addresses">
          <Stack gap="sm">
            {v.addresses.length === 0 ? (
              <Text size="sm" c="dimmed">
                No addresses yet.{' '}
                {canManage && (
                  <Anchor component={Link} to={paths.vendorEdit(v.id)}>
                    Add one
                  </Anchor>
                )}
              </Text>
            ) : (
              v.addresses.map((a) => <AddressCard key={a.id} address={a} editable={false} />)
            )}
          </Stack>
        </Section>
      </SimpleGrid>
      <Section title="Purchase orders">
        <VendorOrders vendorId={v.id} />
      </Section>
      <ConfirmDialog
        opened={confirming}
        title={`Deactivate ${v.name}?`}
        message="An inactive vendor keeps its history, but no new purchase order can be raised to it until it is activated again."
        confirmLabel="Deactivate vendor"
        loading={toggle.isPending}
        onConfirm={() => toggle.mutate({ id: v.id, body: { status: 'inactive' } })}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}
