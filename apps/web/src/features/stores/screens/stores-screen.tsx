import { Badge, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import type { StoreSummary } from '@tillbook/contract/stores';
import { useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { messageOf } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { switchStore } from '../../../lib/switch-store';
import { notify } from '../../../lib/toast';
import { useStores } from '../api/list-stores';
import { StoreAddressForm, StoreCurrencyForm, StoreDetailsForm } from '../components/current-store-forms';
import { StoreFormModal } from '../components/store-form-modal';

function StoreCard({
  store,
  onSwitch,
  switching,
}: {
  store: StoreSummary;
  onSwitch: () => void;
  switching: boolean;
}) {
  const place = [store.city, store.state, store.country].filter(Boolean).join(', ');
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      style={store.is_current ? { borderColor: '#3F12C4', borderWidth: 2 } : undefined}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div style={{ minWidth: 0 }}>
          <Group gap={6}>
            <Text fw={600} truncate>
              {store.business_name}
            </Text>
            {store.parent_store_id && (
              <Badge size="sm" variant="light" color="gray">
                Branch
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {store.role.name} · {store.currency}
            {place ? ` · ${place}` : ''}
          </Text>
        </div>
        {store.is_current ? (
          <Badge variant="filled" style={{ flexShrink: 0 }}>
            Current
          </Badge>
        ) : (
          <Button size="xs" variant="light" onClick={onSwitch} loading={switching}>
            Switch
          </Button>
        )}
      </Group>
    </Card>
  );
}

export default function StoresScreen() {
  const session = useSession();
  const client = useQueryClient();
  const stores = useStores();
  const [createOpen, create] = useDisclosure(false);
  const [branchOpen, branch] = useDisclosure(false);
  const [switching, setSwitching] = useState<string | null>(null);
  const list = stores.data ?? [];
  const current = list.find((s) => s.id === session?.store?.id) ?? list.find((s) => s.is_current) ?? null;
  const canManageStores = current?.permissions.includes('stores.manage') ?? false;
  const canEdit = current?.permissions.includes('settings.manage') ?? false;

  const onSwitch = async (id: string) => {
    setSwitching(id);
    try {
      const store = await switchStore(client, id);
      notify.success(`Now working in ${store.business_name}`);
    } catch (error) {
      notify.error(messageOf(error));
    } finally {
      setSwitching(null);
    }
  };

  return (
    <Stack gap="lg">
      <PageHeader
        title="Stores and branches"
        description="Every store you belong to. Each branch has its own products, stock, customers and orders."
        breadcrumbs={[{ label: 'Store' }, { label: 'Stores and branches' }]}
        actions={
          <>
            {canManageStores && (
              <Button variant="default" onClick={branch.open}>
                Add branch
              </Button>
            )}
            <Button onClick={create.open}>Create store</Button>
          </>
        }
      />
      {stores.isPending ? (
        <LoadingState rows={3} label="Loading stores" />
      ) : stores.isError ? (
        <ErrorState error={stores.error} onRetry={() => void stores.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState
          title="No stores yet"
          description="Create your first store to start selling."
          action={<Button onClick={create.open}>Create store</Button>}
        />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {list.map((s) => (
            <StoreCard
              key={s.id}
              store={s}
              onSwitch={() => void onSwitch(s.id)}
              switching={switching === s.id}
            />
          ))}
        </SimpleGrid>
      )}
      {current && (
        <Stack gap="md" key={`${current.id}:${current.updated_at}`}>
          <Text fw={600} size="lg">
            {current.business_name}
          </Text>
          {!canEdit && (
            <Text size="sm" c="dimmed">
              Your role ({current.role.name}) can view these settings; the store owner or an admin can change
              them.
            </Text>
          )}
          <StoreDetailsForm store={current} canEdit={canEdit} />
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <StoreCurrencyForm store={current} canEdit={canEdit} />
            <StoreAddressForm store={current} canEdit={canEdit} />
          </SimpleGrid>
        </Stack>
      )}
      <StoreFormModal mode="store" opened={createOpen} onClose={create.close} />
      <StoreFormModal
        mode="branch"
        opened={branchOpen}
        onClose={branch.close}
        parentName={current?.business_name}
      />
    </Stack>
  );
}
