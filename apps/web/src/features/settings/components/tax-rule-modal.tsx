import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Modal,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { MESSAGES } from '@tillbook/contract/constants';
import { ALL_STATES, createTaxRuleBody, MAX_TAX_RATES, type TaxRule } from '@tillbook/contract/tax';
import { itemError, showFormError, useSchemaForm } from '../../../lib/forms';
import { notify } from '../../../lib/toast';
import { useCreateTaxRule, useUpdateTaxRule } from '../api/save-tax-rule';
import { stateSuggestions } from './nigerian-states';
import {
  blankTaxRule,
  fromTaxRule,
  isAllStates,
  toTaxRuleBody,
  taxRuleChecks,
  type TaxRuleValues,
} from './tax-rule-values';
import { FormActions } from '../../../components/form-actions';

/**
 * Adds or edits a tax rule. Mounted per rule (keyed by the caller), so its form starts from the
 * rule, or from the store's own country and state for a new one.
 */
export function TaxRuleModal({
  rule,
  place,
  onClose,
}: {
  /** The rule to edit; null adds one. */
  rule: TaxRule | null;
  place: { country: string | null; state: string | null };
  onClose: () => void;
}) {
  const form = useSchemaForm<TaxRuleValues>(
    createTaxRuleBody,
    rule ? fromTaxRule(rule) : blankTaxRule(place),
    taxRuleChecks,
  );
  const done = () => {
    notify.success(MESSAGES.saved);
    onClose();
  };
  const create = useCreateTaxRule({ onSuccess: done, onError: (error) => showFormError(form, error) });
  const update = useUpdateTaxRule({ onSuccess: done, onError: (error) => showFormError(form, error) });
  const saving = create.isPending || update.isPending;
  const allStates = isAllStates(form.values.states);

  const submit = (values: TaxRuleValues) => {
    const body = toTaxRuleBody(values);
    if (rule) update.mutate({ id: rule.id, body });
    else create.mutate(body);
  };

  return (
    <Modal opened onClose={onClose} title={rule ? 'Edit tax rule' : 'Add a tax rule'} size="lg" centered>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack>
          <TextInput label="Country" required data-autofocus {...form.getInputProps('country')} />
          <Stack gap={6}>
            <TagsInput
              label="States"
              description="Type a state and press Enter. A state can be in one rule per country."
              placeholder={allStates ? undefined : 'Lagos'}
              data={stateSuggestions(form.values.country)}
              disabled={allStates}
              value={allStates ? [] : form.values.states}
              onChange={(v) => form.setFieldValue('states', v)}
              error={form.errors.states ?? itemError(form.errors, 'states')}
              splitChars={[',']}
              clearable
              required
            />
            <Checkbox
              label="All states of the country (states with their own rule keep it)"
              checked={allStates}
              onChange={(e) => form.setFieldValue('states', e.currentTarget.checked ? [ALL_STATES] : [])}
            />
          </Stack>
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              Rates
            </Text>
            {form.values.rates.map((_, i) => (
              <Group key={i} align="flex-start" wrap="nowrap" gap="xs">
                <TextInput
                  aria-label={`Name of rate ${i + 1}`}
                  placeholder="VAT"
                  style={{ flex: 2 }}
                  {...form.getInputProps(`rates.${i}.name`)}
                />
                <TextInput
                  aria-label={`Percent of rate ${i + 1}`}
                  placeholder="7.5"
                  inputMode="decimal"
                  rightSection="%"
                  style={{ flex: 1 }}
                  {...form.getInputProps(`rates.${i}.rate`)}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mt={6}
                  aria-label={`Remove rate ${i + 1}`}
                  onClick={() => form.removeListItem('rates', i)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            ))}
            {form.errors.rates && (
              <Text size="xs" c="red" role="alert">
                {form.errors.rates}
              </Text>
            )}
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconPlus size={14} />}
              style={{ alignSelf: 'flex-start' }}
              disabled={form.values.rates.length >= MAX_TAX_RATES}
              onClick={() => form.insertListItem('rates', { name: '', rate: '' })}
            >
              Add a rate
            </Button>
          </Stack>
          <Switch
            label="Prices already include this tax"
            description="Shown on orders without being added to the total."
            {...form.getInputProps('inclusive', { type: 'checkbox' })}
          />
          <FormActions onCancel={onClose} submitLabel="Save" loading={saving} />
        </Stack>
      </form>
    </Modal>
  );
}
