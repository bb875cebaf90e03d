import { Button, Group, Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { MESSAGES } from '@tillbook/contract/constants';
import { createCustomerBody } from '@tillbook/contract/customers';
import { useState } from 'react';
import { useStoreId } from '../../../lib/current-user';
import { showFormError, useSchemaForm, withoutEmpty } from '../../../lib/forms';
import { notify } from '../../../lib/toast';
import { useQuickAddCustomer } from '../api/lookups';
import { isOffline } from '../offline/network';
import { addCustomerOffline } from '../offline/offline-customers';
import type { CartCustomer } from './cart';

// Its own file, loaded when first opened (customer-picker.tsx): the form checks with the contract's
// schema, which brings zod, and the till's first screen loads none (decision 0060).

type QuickValues = { first_name: string; last_name: string; phone_number: string; email_address: string };

export function QuickAddModal({
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
