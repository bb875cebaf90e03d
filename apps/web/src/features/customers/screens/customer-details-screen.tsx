import { Anchor, Button, Group, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { IconShoppingCartPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { CustomerOrder } from '@tillbook/contract/customers';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import {
  dateTimeColumn,
  moneyColumn,
  statusColumn,
  textColumn,
  titleColumn,
} from '../../../components/columns';
import { Fact } from '../../../components/details';
import { listTableProps } from '../../../components/list-screen';
import { DataTable } from '../../../components/data-table';
import { DateTime, Money } from '../../../components/money';
import { PageHeader } from '../../../components/page-header';
import { EmptyState, ErrorState, LoadingState, Section } from '../../../components/states';
import { BalanceBadge } from '../../../components/receivables';
import { StatusBadge } from '../../../components/status-badge';
import { messageOf } from '../../../lib/api-client';
import { useCan, useStoreId, useStoreLocale } from '../../../lib/current-user';
import { notify } from '../../../lib/toast';
import { useTableState } from '../../../lib/use-table-state';
import { useUrlParams } from '../../../lib/use-url-params';
import { customerKey, useCustomer, useCustomerOrders } from '../api/get-customer';
import { useSetBlocked } from '../api/save-customer';
import { AccountTab } from '../components/account-tab';
import { selectCustomer, selectedCustomer } from '../components/selected-customer';
import { paths } from '../../../config/paths';

const ORDER_COLUMNS = [
  titleColumn<CustomerOrder>('number', 'Order', (o) => o.number),
  dateTimeColumn<CustomerOrder>('date', 'Date', (o) => o.created_at),
  textColumn<CustomerOrder>('items', 'Items', (o) => o.items_count),
  moneyColumn<CustomerOrder>('total', 'Total', (o) => o.total),
  moneyColumn<CustomerOrder>('outstanding', 'Outstanding', (o) => o.amount_outstanding),
  statusColumn<CustomerOrder>((o) => o.status),
];

function CustomerOrders({ customerId, canOrder }: { customerId: string; canOrder: boolean }) {
  const navigate = useNavigate();
  const state = useTableState('customer-orders');
  const orders = useCustomerOrders(customerId, state.page, state.perPage);
  return (
    <DataTable
      label="Orders of this customer"
      columns={ORDER_COLUMNS}
      {...listTableProps(orders)}
      state={state}
      getRowId={(o) => o.id}
      onRowClick={(o) => navigate(paths.order(o.id))}
      empty={
        <EmptyState
          title="No orders yet"
          description="Orders placed for this customer appear here."
          action={
            canOrder ? (
              <Button component={Link} to={paths.pointOfSaleFor(customerId)}>
                New order
              </Button>
            ) : undefined
          }
        />
      }
    />
  );
}

function CustomerDetails({ id }: { id: string }) {
  const customer = useCustomer(id);
  const client = useQueryClient();
  const storeId = useStoreId();
  const canManage = useCan('customers.manage');
  const canBlock = useCan('customers.block');
  const canOrder = useCan('orders.create');
  const [confirming, setConfirming] = useState(false);
  const { currency } = useStoreLocale();
  const [params, setParams] = useUrlParams();
  const tab = params.get('tab') === 'account' ? 'account' : 'overview';
  const setBlocked = useSetBlocked({
    onSuccess: (answer) => {
      notify.success(answer.data.is_active ? 'Customer unblocked' : 'Customer blocked');
      setConfirming(false);
      client.setQueryData(customerKey(storeId, id), answer.data);
    },
    // The spec: a failed block shows a red toast with the returned text.
    onError: (error) => notify.error(messageOf(error)),
  });

  if (customer.isPending) return <LoadingState rows={8} label="Loading customer" />;
  if (customer.isError) return <ErrorState error={customer.error} onRetry={() => void customer.refetch()} />;
  const c = customer.data;
  const blocked = !c.is_active;
  const place = [c.address, c.city, c.state, c.country].filter(Boolean).join(', ');

  return (
    <Stack gap="lg">
      <PageHeader
        title={c.full_name}
        badge={
          <Group gap={6}>
            <StatusBadge status={c.status} />
            <BalanceBadge balance={c.account_balance} currency={currency} />
          </Group>
        }
        breadcrumbs={[
          { label: 'Sales' },
          { label: 'Customers', to: paths.customers },
          { label: c.full_name },
        ]}
        actions={
          <Group gap="sm">
            {canBlock &&
              (blocked ? (
                <Button
                  variant="outline"
                  loading={setBlocked.isPending}
                  onClick={() => setBlocked.mutate({ id: c.id, blocked: false })}
                >
                  Unblock
                </Button>
              ) : (
                <Button variant="outline" color="red" onClick={() => setConfirming(true)}>
                  Block
                </Button>
              ))}
            {canOrder && !blocked && (
              <Button
                variant="default"
                component={Link}
                to={paths.pointOfSaleFor(c.id)}
                leftSection={<IconShoppingCartPlus size={16} />}
              >
                New order
              </Button>
            )}
            {canManage && (
              <Button component={Link} to={paths.customerEdit(c.id)}>
                Edit
              </Button>
            )}
          </Group>
        }
      />
      <Tabs
        value={tab}
        // Each tab pages its own list: the page of one is not the other's.
        onChange={(v) =>
          setParams({ tab: v === 'account' ? 'account' : null, page: null, from: null, to: null })
        }
        keepMounted={false}
      >
        <Tabs.List mb="lg">
          <Tabs.Tab value="overview">Overview</Tabs.Tab>
          <Tabs.Tab value="account">Account</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="overview">
          <Stack gap="lg">
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
              <Section title="Profile">
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                  <Fact label="Phone">
                    <Anchor href={`tel:${c.phone_number}`}>{c.phone_number}</Anchor>
                  </Fact>
                  <Fact label="Email">
                    {c.email_address && <Anchor href={`mailto:${c.email_address}`}>{c.email_address}</Anchor>}
                  </Fact>
                  <Fact label="Address">{place}</Fact>
                  <Fact label="Customer since">
                    <DateTime iso={c.created_at} />
                  </Fact>
                  <Fact label="Notes">{c.notes}</Fact>
                </SimpleGrid>
              </Section>
              <Section title="Totals">
                <SimpleGrid cols={{ base: 2 }} spacing="sm">
                  <Fact label="Orders">{String(c.orders_count)}</Fact>
                  <Fact label="Total spent">
                    <Money minor={c.total_spent} />
                  </Fact>
                  <Fact label="Average order">
                    {c.orders_count ? <Money minor={Math.round(c.total_spent / c.orders_count)} /> : null}
                  </Fact>
                  <Fact label="Last order">{c.last_order_at && <DateTime iso={c.last_order_at} />}</Fact>
                </SimpleGrid>
                {blocked && (
                  <Text size="sm" c="red" mt="md">
                    Blocked: this customer cannot be put on new orders until unblocked.
                  </Text>
                )}
              </Section>
            </SimpleGrid>
            <Section title="Orders">
              <CustomerOrders customerId={c.id} canOrder={canOrder && !blocked} />
            </Section>
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="account">
          <AccountTab customer={c} />
        </Tabs.Panel>
      </Tabs>
      <ConfirmDialog
        opened={confirming}
        title={`Block ${c.full_name}?`}
        message="A blocked customer keeps their history but cannot be put on new orders until unblocked."
        confirmLabel="Block customer"
        loading={setBlocked.isPending}
        onConfirm={() => setBlocked.mutate({ id: c.id, blocked: true })}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}

/**
 * `/sales/customers/{id}` and `/sales/customers/details/` (the spec's route without an id,
 * which shows the customer chosen last): profile, totals, orders; block, edit, new order; and
 * the Account tab (`?tab=account`): what they owe, their credit limit and statement.
 */
export default function CustomerDetailsScreen() {
  const params = useParams();
  const storeId = useStoreId();
  const id = params.id ?? selectedCustomer(storeId);
  useEffect(() => {
    if (params.id) selectCustomer(storeId, params.id);
  }, [params.id, storeId]);
  if (!id) {
    return (
      <Stack gap="lg">
        <PageHeader
          title="Customer"
          breadcrumbs={[{ label: 'Sales' }, { label: 'Customers', to: paths.customers }]}
        />
        <EmptyState
          title="No customer chosen"
          description="Open a customer from the list to see their profile and orders."
          action={
            <Button component={Link} to={paths.customers}>
              Go to customers
            </Button>
          }
        />
      </Stack>
    );
  }
  return <CustomerDetails key={id} id={id} />;
}
