import { Select } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { StoreSummary } from '@tillbook/contract/stores';
import { useState } from 'react';
import { messageOf } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/current-user';
import { useSession } from '../../lib/session';
import { switchStore } from '../../lib/switch-store';
import { notify } from '../../lib/toast';

/** Chooses the store the app works in, from the user's stores (`userStore`). */
export function StoreSwitcher({ onSwitched }: { onSwitched?: () => void }) {
  const session = useSession();
  const { data } = useCurrentUser();
  const client = useQueryClient();
  const [switching, setSwitching] = useState(false);
  const stores: StoreSummary[] = data?.stores ?? [];
  const options = stores.map((s) => ({
    value: s.id,
    label: s.parent_store_id ? `${s.business_name} (branch)` : s.business_name,
  }));
  if (!options.length && session?.store)
    options.push({ value: session.store.id, label: session.store.business_name });

  const change = async (storeId: string | null) => {
    if (!storeId || storeId === session?.store?.id) return;
    setSwitching(true);
    try {
      const store = await switchStore(client, storeId);
      notify.success(`Now working in ${store.business_name}`);
      onSwitched?.();
    } catch (error) {
      notify.error(messageOf(error));
    } finally {
      setSwitching(false);
    }
  };

  return (
    <Select
      aria-label="Current store"
      data={options}
      value={session?.store?.id ?? null}
      onChange={(v) => void change(v)}
      disabled={switching}
      allowDeselect={false}
      checkIconPosition="right"
      comboboxProps={{ withinPortal: true }}
      w="100%"
    />
  );
}
