import {
  ActionIcon,
  Button,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconUserPlus } from '@tabler/icons-react';
import { MESSAGES } from '@tillbook/contract/constants';
import { createCustomerBody } from '@tillbook/contract/customers';
import { useState, type Ref } from 'react';
import { useStoreId } from '../../../lib/current-user';
import { showFormError, useSchemaForm, withoutEmpty } from '../../../lib/forms';
import { notify } from '../../../lib/toast';
import { useCustomerSearch, useQuickAddCustomer } from '../api/lookups';
import { isOffline } from '../offline/network';
import { addCustomerOffline } from '../offline/offline-customers';
import type { CartCustomer } from './cart';

const label = (c: CartCustomer) => (c.phone_number ? `${c.name} · ${c.phone_number}` : c.name);

type QuickValues = { first_name: string; last_name: string; phone_number: string; email_address: string };

function QuickAddModal({
  opened,
  onClose,
  onAdded,
}: {
  opened: boolean;
  onClose: () => void;
  onAdded: (c: CartCustomer) => void;
}) {
  const form = useSchemaForm<QuickValues>(createCustomerBody, {
    first_name: '',
    last_name: '',
    phone_number: '',
    email_address: '',
  });
  const storeId = useStoreId();
  const [savingOffline, setSavingOffline] = useState(false);
  const done = (c: CartCustomer) => {
    onAdded(c);
    form.reset();
    onClose();
  };
  /** No network: the customer is kept on this till and sent before the sales for them (decision 0036). */
  const addOffline = async (values: QuickValues) => {
    if (!storeId) return;
    setSavingOffline(true);
    try {
      const added = await addCustomerOffline(storeId, withoutEmpty(values));
      notify.success(added.message);
      done(added.customer);
    } catch (error) {
      showFormError(form, error);
    } finally {
      setSavingOffline(false);
    }
  };
  const add = useQuickAddCustomer({
    onSuccess: (answer) => {
      const c = answer.data;
      notify.success(MESSAGES.customerAdded);
      done({ id: c.id, name: c.full_name, phone_number: c.phone_number });
    },
    onError: (error) => {
      // The network dropped on the way: kept on the till instead. (Had the server got it, the
      // queue's send finds the phone number and answers that same customer.)
      if (isOffline(error)) void addOffline(form.getValues());
      else showFormError(form, error);
    },
  });
  return (
    <Modal opened={opened} onClose={onClose} title="New customer" centered>
      <form
        onSubmit={form.onSubmit((values) =>
          isOffline()
            ? void addOffline(values)
            : add.mutate(withoutEmpty(values) as Parameters<typeof add.mutate>[0]),
        )}
      >
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput label="First name" required data-autofocus {...form.getInputProps('first_name')} />
            <TextInput label="Last name" required {...form.getInputProps('last_name')} />
          </SimpleGrid>
          <TextInput label="Phone number" type="tel" required {...form.getInputProps('phone_number')} />
          <TextInput label="Email" type="email" {...form.getInputProps('email_address')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={add.isPending || savingOffline}>
              Add customer
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Who the sale is for: searched by name, phone or email, or added on the spot; empty is a walk-in. */
export function CustomerPicker({
  value,
  onChange,
  inputRef,
  onDone,
}: {
  value: CartCustomer | null;
  onChange: (customer: CartCustomer | null) => void;
  inputRef?: Ref<HTMLInputElement>;
  /** Called when a choice is made, so the till can return focus to the scan box. */
  onDone?: () => void;
}) {
  const [search, setSearch] = useState('');
  const [adding, setAdding] = useState(false);
  const typed = value && search.trim() === label(value) ? '' : search.trim();
  const [debounced] = useDebouncedValue(typed, 250);
  const results = useCustomerSearch(debounced);
  const found: CartCustomer[] = (results.data ?? [])
    .filter((c) => c.is_active)
    .map((c) => ({ id: c.id, name: c.full_name, phone_number: c.phone_number }));
  const options = value && !found.some((c) => c.id === value.id) ? [value, ...found] : found;

  return (
    <>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <Select
          ref={inputRef}
          label="Customer"
          placeholder="Walk-in · search name or phone"
          searchable
          clearable
          style={{ flex: 1 }}
          data={options.map((c) => ({ value: c.id, label: label(c) }))}
          value={value?.id ?? null}
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options: all }) => all}
          nothingFoundMessage={
            debounced ? (results.isPending ? 'Searching…' : 'No customer matches') : 'Type to search'
          }
          onChange={(id) => {
            onChange(options.find((c) => c.id === id) ?? null);
            onDone?.();
          }}
        />
        <Tooltip label="New customer">
          <ActionIcon
            variant="default"
            size="input-sm"
            aria-label="New customer"
            onClick={() => setAdding(true)}
          >
            <IconUserPlus size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <QuickAddModal
        opened={adding}
        onClose={() => {
          setAdding(false);
          onDone?.();
        }}
        onAdded={(c) => {
          onChange(c);
          setSearch(label(c));
        }}
      />
    </>
  );
}
