import { Button, SegmentedControl, Text } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import {
  CUSTOMER_FILTERS,
  customerListQuery,
  type Customer,
  type CustomerFilter,
} from '@tillbook/contract/customers';
import { MESSAGES } from '@tillbook/contract/constants';
import { Link, useNavigate } from 'react-router';
import { customersRoutes } from '@tillbook/contract/route-refs';
import { column, dateTimeColumn, moneyColumn, statusColumn, titleColumn } from '../../../components/columns';
import { ListScreen } from '../../../components/list-screen';
import { BalanceBadge } from '../../../components/receivables';
import { FilterHeading } from '../../../components/table-filters';
import { messageOf } from '../../../lib/api-client';
import { useCan, useStoreId } from '../../../lib/current-user';
import { notify } from '../../../lib/toast';
import { useListState } from '../../../lib/use-list-state';
import { customersKey, exportCustomers, useCustomers, type CustomerFilters } from '../api/list-customers';
import { useGenerateCustomer } from '../api/save-customer';
import { selectCustomer } from '../components/selected-customer';
import { paths } from '../../../config/paths';

const FILTER_LABELS: Record<CustomerFilter, string> = {
  active: 'Active',
  blocked: 'Blocked',
  new: 'New (last 30 days)',
  returning: 'Returning (2+ orders)',
};

const COLUMNS = [
  titleColumn<Customer>('name', 'Name', (c) => c.full_name, { sortable: true }),
  column<Customer>('phone', 'Phone', (c) => c.phone_number),
  // Long addresses wrap so the table fits a laptop screen without scrolling sideways.
  column<Customer>(
    'email',
    'Email',
    (c) => (
      <Text size="sm" maw={220} style={{ overflowWrap: 'anywhere' }}>
        {c.email_address ?? '—'}
      </Text>
    ),
    { wrap: true },
  ),
  column<Customer>('orders', 'Orders', (c) => c.orders_count),
  moneyColumn<Customer>('spent', 'Total spent', (c) => c.total_spent),
  statusColumn<Customer>((c) => c.status),
  // What the customer owes on account (or holds as credit), only when it is not nothing.
  column<Customer>('account', 'Account', (c) => <BalanceBadge balance={c.account_balance} />, {
    card: 'status',
  }),
  dateTimeColumn<Customer>('created_at', 'Joined', (c) => c.created_at, { sortable: true }),
];

/** paths.customers: who buys, how often and how much; search, filter, import, export. */
export default function CustomersScreen() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const storeId = useStoreId();
  const state = useListState('customers', customerListQuery, 'Search name, phone or email');
  const { filter } = state.query;
  const sortName = state.sort?.replace(/^-/, '') === 'name';
  const filters: CustomerFilters = {
    ...state.query,
    sort: sortName ? 'name' : 'created_at',
    order: state.sort ? (state.sort.startsWith('-') ? 'desc' : 'asc') : undefined,
  };
  const customers = useCustomers(filters);
  const canManage = useCan('customers.manage');
  const generate = useGenerateCustomer({
    onSuccess: () => notify.success(MESSAGES.customerGenerated),
    onError: (error) => notify.error(messageOf(error)),
  });

  /** The server's export: the import template's columns, so an edited export imports back. */
  const exportCsv = () => {
    const { page: _page, perPage: _perPage, ...query } = filters;
    return exportCustomers(query);
  };

  const open = (c: Customer) => {
    selectCustomer(storeId, c.id);
    navigate(paths.customer(c.id));
  };

  return (
    <ListScreen
      title="Customers"
      description="The people who buy from you, their orders and what they spent."
      actions={
        <Button
          variant="default"
          component={Link}
          to={paths.customersOwing}
          leftSection={<IconReceipt size={16} />}
        >
          Who owes
        </Button>
      }
      sample={canManage ? { generate: () => generate.mutate(), loading: generate.isPending } : undefined}
      importing={
        canManage
          ? {
              noun: 'customers',
              path: customersRoutes.upload.path,
              template: customersRoutes.template,
              onImported: () => void client.invalidateQueries({ queryKey: customersKey(storeId) }),
            }
          : undefined
      }
      state={state}
      filters={{
        content: (
          <>
            <FilterHeading>Show</FilterHeading>
            <SegmentedControl
              orientation="vertical"
              fullWidth
              data={[
                { value: '', label: 'All customers' },
                ...CUSTOMER_FILTERS.map((f) => ({ value: f, label: FILTER_LABELS[f] })),
              ]}
              value={filter ?? ''}
              onChange={(v) => state.setFilter('filter', v || null)}
            />
          </>
        ),
        chips: filter
          ? [{ label: FILTER_LABELS[filter], onRemove: () => state.setFilter('filter', null) }]
          : [],
      }}
      onExport={exportCsv}
      add={canManage ? { label: 'Add customer', to: paths.customerCreate } : undefined}
      list={customers}
      loading={customers.isPending || customers.isPlaceholderData}
      columns={COLUMNS}
      onRowClick={open}
      noun="customers"
      noMatch={{ description: 'Try another search or clear the filter.' }}
      empty={{
        description:
          'Add your customers to see their orders and spending, or import them from a spreadsheet.',
      }}
    />
  );
}
