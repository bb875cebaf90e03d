import { Anchor, Avatar, Badge, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBuildingStore,
  IconChartBar,
  IconCode,
  IconPackage,
  IconSettings,
  IconShoppingCart,
  IconTruckDelivery,
  IconWallet,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { ErrorState, LoadingState } from '../../../components/states';
import { useCurrentUser } from '../../../lib/current-user';
import { paths } from '../../../app/paths';

const AREAS = [
  {
    title: 'Sales',
    text: 'Sell at the point of sale, see orders, customers and discounts.',
    to: paths.pointOfSale,
    icon: IconShoppingCart,
  },
  {
    title: 'Inventory',
    text: 'Products, prices and stock levels.',
    to: paths.products,
    icon: IconPackage,
  },
  {
    title: 'Purchasing',
    text: 'Vendors, purchase orders and payments received.',
    to: paths.purchaseOrders,
    icon: IconTruckDelivery,
  },
  {
    title: 'Reports',
    text: 'Sales report, sales by item and transactions.',
    to: paths.reports,
    icon: IconChartBar,
  },
  { title: 'Wallet', text: 'Balance, transactions and bank transfers.', to: paths.wallet, icon: IconWallet },
  {
    title: 'Store',
    text: 'Your stores and branches, currency and address.',
    to: paths.stores,
    icon: IconBuildingStore,
  },
  { title: 'Developers', text: 'API keys for your website or app.', to: paths.developers, icon: IconCode },
  {
    title: 'Settings',
    text: 'Profile, team, roles and the audit log.',
    to: paths.settings,
    icon: IconSettings,
  },
];

function greeting(hour: number): string {
  if (hour < 12) return 'Good morning';
  if (hour < 17) return 'Good afternoon';
  return 'Good evening';
}

/** The signed-in merchant's store and a way into each area (until the dashboard fills it). */
export default function HomeScreen() {
  const { data, isPending, error, refetch } = useCurrentUser();
  if (isPending) return <LoadingState rows={6} label="Loading your store" />;
  if (error || !data) return <ErrorState error={error} onRetry={() => void refetch()} />;
  const { user, store } = data;
  const place = store ? [store.city, store.state, store.country].filter(Boolean).join(', ') : '';

  return (
    <Stack gap="lg">
      <div>
        <Title order={2} fz={{ base: 22, sm: 26 }}>
          {greeting(new Date().getHours())}, {user.first_name}
        </Title>
        <Text c="dimmed" size="sm">
          Here is your shop. Pick an area to get going.
        </Text>
      </div>

      {store && (
        <Card withBorder radius="md" padding="lg" data-testid="current-store">
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
            <Group gap="md" wrap="nowrap">
              <Avatar src={store.logo_url} size={56} radius="md" color="brand" name={store.business_name} />
              <div>
                <Group gap="xs">
                  <Title order={3} fz={20}>
                    {store.business_name}
                  </Title>
                  {store.parent_store_id && <Badge variant="light">Branch</Badge>}
                </Group>
                <Text size="sm" c="dimmed">
                  {[store.industry, place].filter(Boolean).join(' · ') ||
                    'Add your address in Stores and branches'}
                </Text>
              </div>
            </Group>
            <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="lg" verticalSpacing="xs">
              <div>
                <Text size="xs" c="dimmed">
                  Your role
                </Text>
                <Text fw={600}>{store.role.name}</Text>
              </div>
              <div>
                <Text size="xs" c="dimmed">
                  Currency
                </Text>
                <Text fw={600}>{store.currency}</Text>
              </div>
              <div>
                <Text size="xs" c="dimmed">
                  Time zone
                </Text>
                <Text fw={600}>{store.timezone}</Text>
              </div>
            </SimpleGrid>
          </Group>
          <Anchor component={Link} to={paths.stores} size="sm" mt="md" display="inline-block">
            Manage stores and branches
          </Anchor>
        </Card>
      )}

      <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: 'xs', sm: 'md' }}>
        {AREAS.map((area) => (
          <Card
            key={area.title}
            component={Link}
            to={area.to}
            withBorder
            radius="md"
            padding="lg"
            style={{ textDecoration: 'none' }}
          >
            <ThemeIcon variant="light" size={40} radius="md" mb="sm">
              <area.icon size={22} />
            </ThemeIcon>
            <Text fw={600}>{area.title}</Text>
            <Text size="sm" c="dimmed">
              {area.text}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
