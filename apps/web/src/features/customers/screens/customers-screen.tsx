import { Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import {
  CUSTOMER_FILE_COLUMNS,
  CUSTOMER_FILTERS,
  customersRoutes,
  type Customer,
  type CustomerFilter,
} from '@tillbook/contract/customers';
import { MESSAGES } from '@tillbook/contract/constants';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { DataTable } from '../../../components/data-table';
import { ImportModal } from '../../../components/import-modal';
import { DateTime, Money } from '../../../components/money';
import { PageHeader } from '../../../components/page-header';
import { EmptyState, NoMatches } from '../../../components/states';
import { StatusBadge } from '../../../components/status-badge';
import { messageOf } from '../../../lib/api-client';
import { toCsv } from '../../../lib/csv';
import { useCan, useStoreId } from '../../../lib/current-user';
import { notify } from '../../../lib/toast';
import { useTableState } from '../../../lib/use-table-state';
import { useSearchBox } from '../../../lib/use-search-box';
import { customersKey, exportCustomers, useCustomers, type CustomerFilters } from '../api/list-customers';
import { useGenerateCustomer } from '../api/save-customer';
import { selectCustomer } from '../components/selected-customer';

const FILTER_LABELS: Record<CustomerFilter, string> = {
  active: 'Active',
  blocked: 'Blocked',
  new: 'New (last 30 days)',
  returning: 'Returning (2+ orders)',
};

const TEMPLATE = {
  filename: 'customers-template',
  csv: toCsv(
    [
      {
        first_name: 'Bisi',
        last_name: 'Adeyemi',
        phone_number: '+2348031234567',
        email_address: 'bisi@example.ng',
        address: '12 Allen Avenue',
        city: 'Ikeja',
        state: 'Lagos',
        country: 'Nigeria',
        notes: '',
        status: 'active',
      } as Record<(typeof CUSTOMER_FILE_COLUMNS)[number], string>,
    ],
    CUSTOMER_FILE_COLUMNS.map((c) => ({ header: c, value: (r: Record<string, string>) => r[c] })),
  ),
};

/** `/sales/customers`: who buys, how often and how much; search, filter, import, export. */
export default function CustomersScreen() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const storeId = useStoreId();
  const state = useTableState('customers', ['filter']);
  const search = useSearchBox(state, 'Search name, phone or email');
  const filter = (state.filters.filter as CustomerFilter | undefined) || undefined;
  const sortName = state.sort?.replace(/^-/, '') === 'name';
  const filters: CustomerFilters = {
    page: state.page,
    perPage: state.perPage,
    filter,
    search: state.search || undefined,
    sort: sortName ? 'name' : 'created_at',
    order: state.sort ? (state.sort.startsWith('-') ? 'desc' : 'asc') : undefined,
  };
  const customers = useCustomers(filters);
  const canManage = useCan('customers.manage');
  const [importing, setImporting] = useState(false);
  const generate = useGenerateCustomer({
    onSuccess: () => notify.success(MESSAGES.customerGenerated),
    onError: (error) => notify.error(messageOf(error)),
  });

  const columns = useMemo<ColumnDef<Customer, unknown>[]>(
    () => [
      {
        id: 'name',
        header: 'Name',
        cell: ({ row }) => (
          <Text fw={600} size="sm">
            {row.original.full_name}
          </Text>
        ),
      },
      { id: 'phone', header: 'Phone', enableSorting: false, cell: ({ row }) => row.original.phone_number },
      {
        id: 'email',
        header: 'Email',
        enableSorting: false,
        // Long addresses wrap so the table fits a laptop screen without scrolling sideways.
        meta: { wrap: true },
        cell: ({ row }) => (
          <Text size="sm" maw={220} style={{ overflowWrap: 'anywhere' }}>
            {row.original.email_address ?? '—'}
          </Text>
        ),
      },
      { id: 'orders', header: 'Orders', enableSorting: false, cell: ({ row }) => row.original.orders_count },
      {
        id: 'spent',
        header: 'Total spent',
        enableSorting: false,
        cell: ({ row }) => <Money minor={row.original.total_spent} />,
      },
      {
        id: 'status',
        header: 'Status',
        enableSorting: false,
        // The badge keeps its whole word when the table is tight.
        cell: ({ row }) => (
          <div style={{ minWidth: 'max-content' }}>
            <StatusBadge status={row.original.status} />
          </div>
        ),
      },
      {
        id: 'created_at',
        header: 'Joined',
        cell: ({ row }) => <DateTime iso={row.original.created_at} />,
      },
    ],
    [],
  );

  /** The server's export: the import template's columns, so an edited export imports back. */
  const exportCsv = async () => {
    try {
      const { page: _page, perPage: _perPage, ...query } = filters;
      await exportCustomers(query);
    } catch (error) {
      notify.error(messageOf(error));
    }
  };

  const open = (c: Customer) => {
    selectCustomer(storeId, c.id);
    navigate(`/sales/customers/${c.id}`);
  };

  return (
    <Stack gap="lg">
      <PageHeader
        title="Customers"
        description="The people who buy from you, their orders and what they spent."
        actions={
          canManage ? (
            <Group gap="sm">
              <Button
                variant="default"
                leftSection={<IconUpload size={16} />}
                onClick={() => setImporting(true)}
              >
                Import
              </Button>
              <Button variant="default" loading={generate.isPending} onClick={() => generate.mutate()}>
                Generate sample
              </Button>
            </Group>
          ) : undefined
        }
        search={search.box}
        filters={{
          content: (
            <Stack gap="xs">
              <Text size="sm" fw={600}>
                Show
              </Text>
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
            </Stack>
          ),
          chips: filter
            ? [{ label: FILTER_LABELS[filter], onRemove: () => state.setFilter('filter', null) }]
            : [],
        }}
        onExport={() => void exportCsv()}
        add={canManage ? { label: 'Add customer', to: '/sales/customers/create' } : undefined}
      />
      <DataTable
        label="Customers"
        columns={columns}
        data={customers.data?.data}
        pagination={customers.data?.pagination}
        state={state}
        loading={customers.isPending || customers.isPlaceholderData}
        error={customers.error}
        onRetry={() => void customers.refetch()}
        getRowId={(c) => c.id}
        onRowClick={open}
        empty={
          state.search || filter ? (
            <NoMatches
              title="No customers match"
              description="Try another search or clear the filter."
              onClear={() => {
                search.clear();
                state.clearFilters();
              }}
            />
          ) : (
            <EmptyState
              title="No customers yet"
              description="Add your customers to see their orders and spending, or import them from a spreadsheet."
              action={
                canManage ? (
                  <Group>
                    <Button component={Link} to="/sales/customers/create">
                      Add customer
                    </Button>
                    <Button variant="default" onClick={() => setImporting(true)}>
                      Import
                    </Button>
                  </Group>
                ) : undefined
              }
            />
          )
        }
      />
      <ImportModal
        opened={importing}
        onClose={() => setImporting(false)}
        noun="customers"
        path={customersRoutes.upload.path}
        template={TEMPLATE}
        onImported={() => void client.invalidateQueries({ queryKey: customersKey(storeId) })}
      />
    </Stack>
  );
}
