import { Modal, SimpleGrid, Stack, Switch, TagsInput, TextInput } from '@mantine/core';
import { MESSAGES } from '@tillbook/contract/constants';
import { createShippingRateBody, type ShippingRate } from '@tillbook/contract/shipping';
import { MoneyInput } from '../../../components/money-input';
import { useStoreLocale } from '../../../lib/current-user';
import { itemError, showFormError, useSchemaForm } from '../../../lib/forms';
import { notify } from '../../../lib/toast';
import { useCreateShippingRate, useUpdateShippingRate } from '../api/save-shipping-rate';
import { stateSuggestions } from './nigerian-states';
import {
  blankShippingRate,
  fromShippingRate,
  toShippingRateBody,
  shippingRateChecks,
  type ShippingRateValues,
} from './shipping-rate-values';
import { FormActions } from '../../../components/form-actions';

/** Adds or edits a shipping rate; mounted per rate (keyed by the caller). */
export function ShippingRateModal({
  rate,
  country,
  onClose,
}: {
  /** The rate to edit; null adds one. */
  rate: ShippingRate | null;
  /** The store's country, where a new rate starts. */
  country: string | null;
  onClose: () => void;
}) {
  const { currency } = useStoreLocale();
  const form = useSchemaForm<ShippingRateValues>(
    createShippingRateBody,
    rate ? fromShippingRate(rate) : blankShippingRate(country),
    shippingRateChecks,
  );
  const done = () => {
    notify.success(MESSAGES.saved);
    onClose();
  };
  const create = useCreateShippingRate({ onSuccess: done, onError: (error) => showFormError(form, error) });
  const update = useUpdateShippingRate({ onSuccess: done, onError: (error) => showFormError(form, error) });

  const submit = (values: ShippingRateValues) => {
    const body = toShippingRateBody(values, Boolean(rate));
    if (rate) update.mutate({ id: rate.id, body });
    else create.mutate(body);
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={rate ? 'Edit shipping rate' : 'Add a shipping rate'}
      size="lg"
      centered
    >
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack>
          <TextInput
            label="Name"
            placeholder="Lagos express"
            required
            data-autofocus
            {...form.getInputProps('name')}
          />
          <TextInput label="Country" required {...form.getInputProps('country')} />
          <TagsInput
            label="States"
            description="Type a state and press Enter. Leave empty to deliver anywhere in the country."
            placeholder="All states"
            data={stateSuggestions(form.values.country)}
            value={form.values.states}
            onChange={(v) => form.setFieldValue('states', v)}
            error={form.errors.states ?? itemError(form.errors, 'states')}
            splitChars={[',']}
            clearable
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <MoneyInput
              label="Fee"
              description={`In ${currency}; 0 for free delivery`}
              placeholder="1500"
              currency={currency}
              required
              {...form.getInputProps('fee')}
            />
            <TextInput
              label="Estimated days"
              description='A number of days, a range like "2-3", or text'
              placeholder="2-3"
              {...form.getInputProps('estimated_days')}
            />
          </SimpleGrid>
          <Switch
            label="Active"
            description="Only active rates are offered at the point of sale."
            {...form.getInputProps('is_active', { type: 'checkbox' })}
          />
          <FormActions onCancel={onClose} submitLabel="Save" loading={create.isPending || update.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
