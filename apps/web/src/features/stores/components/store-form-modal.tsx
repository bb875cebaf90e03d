import { Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { createStoreBody } from '@tillbook/contract/stores';
import { DEFAULT_CURRENCY, MESSAGES } from '@tillbook/contract/constants';
import { showFormError, useSchemaForm, withoutEmpty } from '../../../lib/forms';
import { notify } from '../../../lib/toast';
import { useAddBranch } from '../api/add-branch';
import { useCreateStore } from '../api/create-store';
import { CURRENCIES } from '../../../lib/currencies';
import { FormActions } from '../../../components/form-actions';

const empty = {
  business_name: '',
  industry: '',
  email: '',
  phone_number: '',
  address: '',
  city: '',
  state: '',
  country: 'Nigeria',
  currency: DEFAULT_CURRENCY,
};

/** Create a store ('Created New Store!!') or add a branch under the current one. */
export function StoreFormModal({
  mode,
  opened,
  onClose,
  parentName,
}: {
  mode: 'store' | 'branch';
  opened: boolean;
  onClose: () => void;
  parentName?: string;
}) {
  const form = useSchemaForm(createStoreBody, empty);
  const done = (message: string) => {
    notify.success(message);
    form.reset();
    onClose();
  };
  const create = useCreateStore({
    onSuccess: () => done(MESSAGES.storeCreated),
    onError: (error) => showFormError(form, error),
  });
  const branch = useAddBranch({
    onSuccess: (answer) => done(answer.message || 'Branch added'),
    onError: (error) => showFormError(form, error),
  });
  const pending = create.isPending || branch.isPending;

  const submit = form.onSubmit((values) => {
    const body = withoutEmpty(values) as typeof values;
    if (mode === 'store') create.mutate(body);
    else {
      const { currency: _currency, ...rest } = body;
      branch.mutate(rest);
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={mode === 'store' ? 'Create a store' : `Add a branch${parentName ? ` of ${parentName}` : ''}`}
      size="lg"
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label={mode === 'store' ? 'Business name' : 'Branch name'}
            required
            data-autofocus
            {...form.getInputProps('business_name')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Email" type="email" {...form.getInputProps('email')} />
            <TextInput label="Phone number" type="tel" {...form.getInputProps('phone_number')} />
          </SimpleGrid>
          <TextInput label="Address" {...form.getInputProps('address')} />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label="City" {...form.getInputProps('city')} />
            <TextInput label="State" {...form.getInputProps('state')} />
            <TextInput label="Country" {...form.getInputProps('country')} />
          </SimpleGrid>
          {mode === 'store' && (
            <Select
              label="Currency"
              data={CURRENCIES}
              allowDeselect={false}
              {...form.getInputProps('currency')}
            />
          )}
          <FormActions
            onCancel={onClose}
            submitLabel={mode === 'store' ? 'Create store' : 'Add branch'}
            loading={pending}
          />
        </Stack>
      </form>
    </Modal>
  );
}
