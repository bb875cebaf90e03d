import { Button, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { businessInfoBody } from '@tillbook/contract/auth';
import { DEFAULT_CURRENCY, DEFAULT_TIMEZONE } from '@tillbook/contract/constants';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { StepHeading } from '../step-heading';
import { showFormError, useSchemaForm, withoutEmpty } from '../../../lib/forms';
import { updateSession, useSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { setUiState } from '../../../lib/ui-state';
import { useSaveBusinessInfo } from '../api/business-info';
import { CURRENCIES } from '../../../lib/currencies';
import { INDUSTRIES, detectedTimeZone, stateChoices, timeZoneChoices } from '../choices';

export default function BusinessInfoScreen() {
  const session = useSession();
  const navigate = useNavigate();
  const save = useSaveBusinessInfo();
  const [zones] = useState(() => timeZoneChoices(DEFAULT_TIMEZONE));
  const form = useSchemaForm(businessInfoBody, {
    business_name: session?.user.business_name ?? '',
    industry: null as string | null,
    address: '',
    city: '',
    state: '',
    country: session?.user.country || 'Nigeria',
    currency: DEFAULT_CURRENCY,
    timezone: detectedTimeZone(zones, DEFAULT_TIMEZONE),
  });
  const states = stateChoices(form.values.country);

  const submit = form.onSubmit((values) => {
    if (!session) return;
    save.mutate(
      { userId: session.user.id, ...(withoutEmpty(values) as typeof values) },
      {
        onSuccess: (answer) => {
          const { store, user } = answer.data;
          updateSession((s) => ({
            ...s,
            store: { id: store.id, business_name: store.business_name },
            user: {
              ...s.user,
              business_name: user.business_name,
              store_id: store.id,
              store_name: store.business_name,
            },
          }));
          setUiState({ onboardingStep: 'business-number' });
          notify.success(answer.message || 'Business information saved');
          // The spec: `/` after business information (which leads on to the business number).
          navigate('/', { replace: true });
        },
        onError: (error) => showFormError(form, error),
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <StepHeading title="Tell us about your business">
          This sets up your store: its name on receipts and invoices, its currency and its time zone.
        </StepHeading>
        <TextInput
          label="Business name"
          required
          autoComplete="organization"
          {...form.getInputProps('business_name')}
        />
        <Select
          label="Industry"
          placeholder="Choose one"
          data={INDUSTRIES}
          searchable
          clearable
          {...form.getInputProps('industry')}
        />
        <TextInput label="Address" autoComplete="street-address" {...form.getInputProps('address')} />
        <SimpleGrid cols={{ base: 1, xs: 3 }}>
          <TextInput label="City" autoComplete="address-level2" {...form.getInputProps('city')} />
          {states ? (
            <Select
              label="State"
              placeholder="Choose a state"
              data={[...states]}
              searchable
              clearable
              autoComplete="address-level1"
              {...form.getInputProps('state')}
              value={states.includes(form.values.state) ? form.values.state : null}
              onChange={(v) => form.setFieldValue('state', v ?? '')}
            />
          ) : (
            <TextInput label="State" autoComplete="address-level1" {...form.getInputProps('state')} />
          )}
          <TextInput
            label="Country"
            required
            autoComplete="country-name"
            {...form.getInputProps('country')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <Select
            label="Currency"
            data={CURRENCIES}
            searchable
            allowDeselect={false}
            {...form.getInputProps('currency')}
          />
          <Select
            label="Time zone"
            description="Days and reports follow it; this device's zone is chosen"
            data={zones}
            searchable
            allowDeselect={false}
            // About 420 zones: a phone draws the first matches, not the whole list.
            limit={60}
            {...form.getInputProps('timezone')}
          />
        </SimpleGrid>
        <Button type="submit" loading={save.isPending} mt="sm">
          Save and continue
        </Button>
      </Stack>
    </form>
  );
}
