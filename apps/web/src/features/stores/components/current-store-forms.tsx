import { Button, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import {
  storeAddressBody,
  storeCurrencyBody,
  storeDetailsBody,
  type StoreSummary,
} from '@tillbook/contract/stores';
import type { UseFormReturnType } from '@mantine/form';
import { SectionForm } from '../../../components/section-form';
import { Section } from '../../../components/states';
import { showFormError, useSchemaForm } from '../../../lib/forms';
import { notify } from '../../../lib/toast';
import { useUpdateStoreAddress } from '../api/update-store-address';
import { useUpdateStoreCurrency } from '../api/update-store-currency';
import { useUpdateStoreDetails } from '../api/update-store-details';
import { CURRENCIES } from '../../../lib/currencies';

const blankToNull = <T extends Record<string, unknown>>(values: T) =>
  Object.fromEntries(
    Object.entries(values).map(([k, v]) => [k, typeof v === 'string' && !v.trim() ? null : v]),
  ) as T;

/** What each of the store's forms does with its answer: a toast, or the refusal on its fields. */
const savedOrFormError = <T,>(form: UseFormReturnType<T>) => ({
  onSuccess: (answer: { message?: string }) => notify.success(answer.message || 'Saved!!'),
  onError: (error: unknown) => showFormError(form, error),
});

export function StoreDetailsForm({ store, canEdit }: { store: StoreSummary; canEdit: boolean }) {
  const form = useSchemaForm(storeDetailsBody, {
    business_name: store.business_name,
    industry: store.industry ?? '',
    email: store.email ?? '',
    phone_number: store.phone_number ?? '',
    website: store.website ?? '',
    registration_number: store.registration_number ?? '',
    tin: store.tin ?? '',
  });
  const save = useUpdateStoreDetails(savedOrFormError(form));
  return (
    <SectionForm
      title="Details"
      description="How the store appears on receipts and invoices."
      onSubmit={form.onSubmit((v) => save.mutate(blankToNull(v)))}
      submitLabel="Save details"
      loading={save.isPending}
      canSubmit={canEdit}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Business name"
          required
          disabled={!canEdit}
          {...form.getInputProps('business_name')}
        />
        <TextInput label="Industry" disabled={!canEdit} {...form.getInputProps('industry')} />
        <TextInput label="Email" type="email" disabled={!canEdit} {...form.getInputProps('email')} />
        <TextInput
          label="Phone number"
          type="tel"
          disabled={!canEdit}
          {...form.getInputProps('phone_number')}
        />
        <TextInput label="Website" disabled={!canEdit} {...form.getInputProps('website')} />
        <TextInput
          label="Registration (CAC/RC) number"
          disabled={!canEdit}
          {...form.getInputProps('registration_number')}
        />
        <TextInput label="Tax identification number" disabled={!canEdit} {...form.getInputProps('tin')} />
      </SimpleGrid>
    </SectionForm>
  );
}

export function StoreCurrencyForm({ store, canEdit }: { store: StoreSummary; canEdit: boolean }) {
  const form = useSchemaForm(storeCurrencyBody, { currency: store.currency });
  const save = useUpdateStoreCurrency(savedOrFormError(form));
  const options = CURRENCIES.some((c) => c.value === store.currency)
    ? CURRENCIES
    : [...CURRENCIES, { value: store.currency, label: store.currency }];
  return (
    <Section title="Currency" description="Prices, orders and reports of this store use it.">
      <form onSubmit={form.onSubmit((v) => save.mutate(v))} noValidate>
        <Group align="flex-end">
          <Select
            label="Currency"
            data={options}
            allowDeselect={false}
            disabled={!canEdit}
            style={{ flex: 1, minWidth: 200 }}
            {...form.getInputProps('currency')}
          />
          {canEdit && (
            <Button type="submit" loading={save.isPending}>
              Save currency
            </Button>
          )}
        </Group>
      </form>
    </Section>
  );
}

export function StoreAddressForm({ store, canEdit }: { store: StoreSummary; canEdit: boolean }) {
  const form = useSchemaForm(storeAddressBody, {
    address: store.address ?? '',
    city: store.city ?? '',
    state: store.state ?? '',
    country: store.country ?? '',
    timezone: store.timezone,
  });
  const save = useUpdateStoreAddress(savedOrFormError(form));
  return (
    <SectionForm
      title="Address"
      description="Where the store is, and the time zone its days are counted in."
      onSubmit={form.onSubmit((v) => save.mutate(blankToNull(v)))}
      submitLabel="Save address"
      loading={save.isPending}
      canSubmit={canEdit}
    >
      <TextInput label="Address" disabled={!canEdit} {...form.getInputProps('address')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="City" disabled={!canEdit} {...form.getInputProps('city')} />
        <TextInput label="State" disabled={!canEdit} {...form.getInputProps('state')} />
        <TextInput label="Country" required disabled={!canEdit} {...form.getInputProps('country')} />
        <TextInput label="Time zone" disabled={!canEdit} {...form.getInputProps('timezone')} />
      </SimpleGrid>
    </SectionForm>
  );
}
