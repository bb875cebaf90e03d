import { Button, SegmentedControl, Stack, Text } from '@mantine/core';
import type { Vendor, VendorStatus } from '@tillbook/contract/vendors';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { ListScreen } from '../../../components/list-screen';
import { StatusBadge } from '../../../components/status-badge';
import { exportAllPages } from '../../../lib/csv';
import { useCan } from '../../../lib/current-user';
import { useTableState } from '../../../lib/use-table-state';
import { useSearchBox } from '../../../lib/use-search-box';
import { listVendors, useVendors } from '../api/list-vendors';
import { paths } from '../../../app/paths';

const STATUS_OPTIONS = [
  { value: '', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

const CSV_COLUMNS = [
  { header: 'Name', value: (v: Vendor) => v.name },
  { header: 'Company', value: (v: Vendor) => v.company_name },
  { header: 'Phone', value: (v: Vendor) => v.phone_number },
  { header: 'Email', value: (v: Vendor) => v.email },
  { header: 'Open purchase orders', value: (v: Vendor) => v.open_purchase_orders },
  { header: 'Status', value: (v: Vendor) => v.status },
];

/** paths.vendors: the suppliers, filtered by status (spec section 4) and searched. */
export default function VendorsScreen() {
  const navigate = useNavigate();
  const state = useTableState('vendors', ['status']);
  const search = useSearchBox(state, 'Search name, company, email or phone');
  const status = (state.filters.status as VendorStatus | undefined) || undefined;
  const filters = { page: state.page, perPage: state.perPage, status, search: state.search || undefined };
  const vendors = useVendors(filters);
  const canManage = useCan('vendors.manage');

  const columns = useMemo<ColumnDef<Vendor, unknown>[]>(
    () => [
      {
        id: 'name',
        header: 'Name',
        enableSorting: false,
        cell: ({ row }) => (
          <Stack gap={0}>
            <Text fw={600} size="sm">
              {row.original.name}
            </Text>
            {row.original.company_name && (
              <Text size="xs" c="dimmed">
                {row.original.company_name}
              </Text>
            )}
          </Stack>
        ),
      },
      {
        id: 'phone',
        header: 'Phone',
        enableSorting: false,
        cell: ({ row }) => row.original.phone_number ?? '—',
      },
      { id: 'email', header: 'Email', enableSorting: false, cell: ({ row }) => row.original.email ?? '—' },
      {
        id: 'open',
        header: 'Open POs',
        enableSorting: false,
        cell: ({ row }) => row.original.open_purchase_orders,
      },
      {
        id: 'status',
        header: 'Status',
        enableSorting: false,
        cell: ({ row }) => <StatusBadge status={row.original.status} />,
      },
    ],
    [],
  );

  const exportCsv = () =>
    exportAllPages('vendors', (page, perPage) => listVendors({ ...filters, page, perPage }), CSV_COLUMNS);

  return (
    <ListScreen
      title="Vendors"
      description="The suppliers you buy stock from."
      label="Vendors"
      state={state}
      search={search}
      filters={{
        content: (
          <Stack gap="xs">
            <Text size="sm" fw={600}>
              Status
            </Text>
            <SegmentedControl
              fullWidth
              data={STATUS_OPTIONS}
              value={status ?? ''}
              onChange={(v) => state.setFilter('status', v || null)}
            />
          </Stack>
        ),
        chips: status
          ? [
              {
                label: `Status: ${status === 'active' ? 'Active' : 'Inactive'}`,
                onRemove: () => state.setFilter('status', null),
              },
            ]
          : [],
      }}
      onExport={() => void exportCsv()}
      add={canManage ? { label: 'Add vendor', to: paths.vendorCreate } : undefined}
      list={vendors}
      columns={columns}
      getRowId={(v) => v.id}
      onRowClick={(v) => navigate(paths.vendor(v.id))}
      filtered={Boolean(state.search || status)}
      noMatch={{ title: 'No vendors match', description: 'Try another search or clear the filter.' }}
      empty={{
        title: 'No vendors yet',
        description: 'Add the suppliers you buy from to raise purchase orders to them.',
        action: canManage ? (
          <Button component={Link} to={paths.vendorCreate}>
            Add vendor
          </Button>
        ) : undefined,
      }}
    />
  );
}
