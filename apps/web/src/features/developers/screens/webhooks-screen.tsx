import { Anchor, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { PageHeader } from '../../../components/page-header';
import { DeliveriesTable } from '../components/deliveries-table';
import { EndpointsList } from '../components/endpoints-list';

/** `/developers/webhooks`: the store's endpoints and every delivery with its attempts. */
export default function WebhooksScreen() {
  return (
    <Stack gap="lg">
      <PageHeader
        title="Webhooks"
        breadcrumbs={[{ label: 'Developers', to: paths.developers }, { label: 'Webhooks' }]}
        description="Tillbook tells your website or app when something happens in the store: orders, refunds, low stock, payments and wallet transfers."
      />
      <EndpointsList />
      <DeliveriesTable />
      <Anchor component={Link} to={paths.apiReference} size="sm">
        API reference
      </Anchor>
    </Stack>
  );
}
