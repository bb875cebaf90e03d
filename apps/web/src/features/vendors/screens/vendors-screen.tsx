import { SegmentedControl, Stack, Text } from '@mantine/core';
import { vendorListQuery, type Vendor } from '@tillbook/contract/vendors';
import { useNavigate } from 'react-router';
import { vendorsRoutes } from '@tillbook/contract/route-refs';
import { column, statusColumn, textColumn } from '../../../components/columns';
import { ListScreen } from '../../../components/list-screen';
import { FilterHeading, filterChips } from '../../../components/table-filters';
import { downloadRoute } from '../../../lib/api-client';
import { useCan } from '../../../lib/current-user';
import { useListState } from '../../../lib/use-list-state';
import { useVendors } from '../api/list-vendors';
import { paths } from '../../../config/paths';

const STATUS_OPTIONS = [
  { value: '', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

const COLUMNS = [
  column<Vendor>('name', 'Name', (v) => (
    <Stack gap={0}>
      <Text fw={600} size="sm">
        {v.name}
      </Text>
      {v.company_name && (
        <Text size="xs" c="dimmed">
          {v.company_name}
        </Text>
      )}
    </Stack>
  )),
  textColumn<Vendor>('phone', 'Phone', (v) => v.phone_number),
  textColumn<Vendor>('email', 'Email', (v) => v.email),
  column<Vendor>('open', 'Open POs', (v) => v.open_purchase_orders),
  statusColumn<Vendor>((v) => v.status),
];

/** paths.vendors: the suppliers, filtered by status (spec section 4) and searched. */
export default function VendorsScreen() {
  const navigate = useNavigate();
  const state = useListState('vendors', vendorListQuery, 'Search name, company, email or phone');
  const { status } = state.query;
  const vendors = useVendors(state.query);
  const canManage = useCan('vendors.manage');

  return (
    <ListScreen
      title="Vendors"
      description="The suppliers you buy stock from."
      state={state}
      filters={{
        content: (
          <>
            <FilterHeading>Status</FilterHeading>
            <SegmentedControl
              fullWidth
              data={STATUS_OPTIONS}
              value={status ?? ''}
              onChange={(v) => state.setFilter('status', v || null)}
            />
          </>
        ),
        chips: filterChips(state, { status: (v) => `Status: ${v === 'active' ? 'Active' : 'Inactive'}` }),
      }}
      onExport={() => downloadRoute(vendorsRoutes.export, { query: state.exportQuery }, 'vendors.csv')}
      add={canManage ? { label: 'Add vendor', to: paths.vendorCreate } : undefined}
      list={vendors}
      columns={COLUMNS}
      onRowClick={(v) => navigate(paths.vendor(v.id))}
      noun="vendors"
      noMatch={{ description: 'Try another search or clear the filter.' }}
      empty={{ description: 'Add the suppliers you buy from to raise purchase orders to them.' }}
    />
  );
}
