import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { addressBody as addressSchema, type VendorAddress } from '@tillbook/contract/vendors';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { showFormError, useSchemaForm } from '../../../lib/forms';
import { notify } from '../../../lib/toast';
import { messageOf } from '../../../lib/api-client';
import { useDeleteVendorAddress, useUpdateVendorAddress, useAddVendorAddress } from '../api/vendor-addresses';
import { AddressFields, addressBody, addressLines, emptyAddress, type AddressValues } from './address-fields';
import { FormActions } from '../../../components/form-actions';

const toValues = (a: VendorAddress): AddressValues => ({
  label: a.label ?? '',
  type: a.type,
  line1: a.line1,
  line2: a.line2 ?? '',
  city: a.city,
  state: a.state ?? '',
  country: a.country,
  postal_code: a.postal_code ?? '',
  is_default: a.is_default,
});

/** An address form saved on its own (edit or add), inside the vendor screen. */
function AddressEditor({
  initial,
  saving,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial: AddressValues;
  saving: boolean;
  submitLabel: string;
  onSubmit: (values: AddressValues, form: ReturnType<typeof useSchemaForm<AddressValues>>) => void;
  onCancel: () => void;
}) {
  const form = useSchemaForm<AddressValues>(addressSchema, initial);
  return (
    <Paper withBorder radius="md" p="md">
      <form onSubmit={form.onSubmit((values) => onSubmit(values, form))} noValidate>
        <Stack gap="sm">
          <AddressFields form={form} />
          <FormActions onCancel={onCancel} submitLabel={submitLabel} loading={saving} />
        </Stack>
      </form>
    </Paper>
  );
}

/** One saved address: shown, or edited in place; deleted after a confirmation. */
export function AddressCard({ address, editable }: { address: VendorAddress; editable: boolean }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateVendorAddress();
  const remove = useDeleteVendorAddress({
    onSuccess: () => {
      notify.success('Address deleted');
      setConfirming(false);
    },
    onError: (error) => notify.error(messageOf(error)),
  });

  if (editing) {
    return (
      <AddressEditor
        initial={toValues(address)}
        saving={update.isPending}
        submitLabel="Save address"
        onCancel={() => setEditing(false)}
        onSubmit={(values, form) =>
          void update.mutateAsync({ id: address.id, body: addressBody(values) }).then(
            () => {
              notify.success('Address saved');
              setEditing(false);
            },
            (error: unknown) => showFormError(form, error),
          )
        }
      />
    );
  }

  return (
    <Paper withBorder radius="md" p="md" aria-label={`${address.type} address`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap={6}>
            <Text fw={600} size="sm" tt="capitalize">
              {address.label || `${address.type} address`}
            </Text>
            <Badge size="xs" variant="light" color="gray" tt="capitalize">
              {address.type}
            </Badge>
            {address.is_default && (
              <Badge size="xs" variant="light">
                Default
              </Badge>
            )}
          </Group>
          {addressLines(address).map((line) => (
            <Text key={line} size="sm" c="dimmed">
              {line}
            </Text>
          ))}
        </Stack>
        {editable && (
          <Group gap="xs" wrap="nowrap">
            <Button size="xs" variant="default" onClick={() => setEditing(true)}>
              Edit
            </Button>
            <Button size="xs" variant="outline" color="red" onClick={() => setConfirming(true)}>
              Delete
            </Button>
          </Group>
        )}
      </Group>
      <ConfirmDialog
        opened={confirming}
        title="Delete this address?"
        message={`${addressLines(address).join(', ')} will be removed from the vendor.`}
        confirmLabel="Delete address"
        loading={remove.isPending}
        onConfirm={() => remove.mutate(address.id)}
        onClose={() => setConfirming(false)}
      />
    </Paper>
  );
}

/** "Add address" for a saved vendor. */
export function AddAddress({ vendorId, hasAny }: { vendorId: string; hasAny: boolean }) {
  const [open, setOpen] = useState(!hasAny);
  const add = useAddVendorAddress();
  if (!open)
    return (
      <Button variant="light" onClick={() => setOpen(true)} style={{ alignSelf: 'flex-start' }}>
        Add address
      </Button>
    );
  return (
    <AddressEditor
      initial={emptyAddress()}
      saving={add.isPending}
      submitLabel="Add address"
      onCancel={() => setOpen(false)}
      onSubmit={(values, form) =>
        void add.mutateAsync({ vendorId, body: addressBody(values) }).then(
          () => {
            notify.success('Address added');
            form.reset();
            setOpen(false);
          },
          (error: unknown) => showFormError(form, error),
        )
      }
    />
  );
}
