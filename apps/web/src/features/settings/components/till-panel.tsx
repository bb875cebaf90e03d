import { Button, Divider, Group, NumberInput, Paper, Radio, Stack, Switch, Text, Title } from '@mantine/core';
import { MESSAGES } from '@tillbook/contract/constants';
import { updateTillSettingsBody, type OfflineStockRule, type TillSettings } from '@tillbook/contract/till';
import { Fragment } from 'react';
import { ErrorState, LoadingState } from '../../../components/states';
import { PrinterCard } from './printer-card';
import { showFormError, useSchemaForm } from '../../../lib/forms';
import { notify } from '../../../lib/toast';
import { useSaveTillSettings, useTillSettings } from '../api/till-settings';

/** Number boxes hold '' while cleared: the schema then says what a valid value is. */
interface TillValues extends Record<string, unknown> {
  offline_max_hours: number | string;
  offline_max_sales: number | string;
  offline_stock_rule: OfflineStockRule;
  shift_required: boolean;
}

const RULES: { value: OfflineStockRule; label: string; description: string }[] = [
  {
    value: 'allow_negative',
    label: 'Accept the sale and let stock go below zero',
    description: 'The sale counts at once; the order is flagged so you can recount the shelf.',
  },
  {
    value: 'hold_for_review',
    label: 'Hold the sale for a decision',
    description: 'The order waits under "Needs a decision" until someone accepts or cancels it.',
  },
];

/**
 * Settings → Till: the store's rules for sales a till makes while offline (decision 0036) —
 * what to do when their stock was sold meanwhile, and how long and how many may wait on a device —
 * and whether a shift must be open to sell (issue 32) — read by every seller, changed with
 * settings.manage; and this till's own printer (issue 35).
 */
export function TillPanel({ canEdit, storeName }: { canEdit: boolean; storeName: string }) {
  const settings = useTillSettings();
  const rules = settings.isPending ? (
    <LoadingState rows={3} label="Loading the till rules" />
  ) : settings.isError ? (
    <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />
  ) : (
    // Keyed by the saved values, so the form starts again from what the server keeps.
    <TillSettingsForm key={formKey(settings.data)} settings={settings.data} canEdit={canEdit} />
  );
  // The device's own: whoever sells on this till sets up its printer (issue 35). A cashier can
  // only read the store's rules, so the printer, the one thing they set here, comes first.
  // Keyed, so the cards move rather than draw again when the member's record arrives and the
  // order changes: a printer choice open at that moment stays open.
  const printer = <PrinterCard key="printer" storeName={storeName} />;
  const rulesCard = <Fragment key="rules">{rules}</Fragment>;
  return <Stack gap="lg">{canEdit ? [rulesCard, printer] : [printer, rulesCard]}</Stack>;
}

const formKey = (d: TillSettings) =>
  `${d.offline_max_hours}:${d.offline_max_sales}:${d.offline_stock_rule}:${d.shift_required}`;

function TillSettingsForm({ settings, canEdit }: { settings: TillSettings; canEdit: boolean }) {
  const form = useSchemaForm<TillValues>(updateTillSettingsBody, { ...settings });
  const save = useSaveTillSettings({
    onSuccess: () => notify.success(MESSAGES.saved),
    onError: (error) => showFormError(form, error),
  });

  return (
    <Paper withBorder radius="md" p="lg">
      <form
        onSubmit={form.onSubmit((values) =>
          save.mutate({
            offline_max_hours: Number(values.offline_max_hours),
            offline_max_sales: Number(values.offline_max_sales),
            offline_stock_rule: values.offline_stock_rule,
            shift_required: values.shift_required,
          }),
        )}
        noValidate
      >
        <Stack maw={560}>
          <Stack gap={4}>
            <Title order={4}>Offline selling</Title>
            <Text size="sm" c="dimmed">
              When the internet drops, the till keeps selling and sends the sales once it is back.
            </Text>
          </Stack>
          <Radio.Group
            label="When an offline sale's stock was sold meanwhile"
            {...form.getInputProps('offline_stock_rule')}
          >
            <Stack gap="sm" mt="xs">
              {RULES.map((r) => (
                <Radio
                  key={r.value}
                  value={r.value}
                  label={r.label}
                  description={r.description}
                  disabled={!canEdit}
                />
              ))}
            </Stack>
          </Radio.Group>
          <NumberInput
            label="Hours a sale may wait offline"
            description="Also how old the till's prices may be: a sale priced from an older copy waits for a decision."
            min={1}
            max={72}
            allowDecimal={false}
            allowNegative={false}
            // Out of range stays as typed, so the contract's sentence says what is allowed.
            clampBehavior="none"
            disabled={!canEdit}
            {...form.getInputProps('offline_max_hours')}
          />
          <NumberInput
            label="Sales that may wait on one device"
            min={1}
            max={1000}
            allowDecimal={false}
            allowNegative={false}
            // Out of range stays as typed, so the contract's sentence says what is allowed.
            clampBehavior="none"
            disabled={!canEdit}
            {...form.getInputProps('offline_max_sales')}
          />
          <Divider />
          <Stack gap={4}>
            <Title order={4}>Shifts</Title>
            <Text size="sm" c="dimmed">
              A cashier opens a shift with the cash in the drawer and counts it at the close.
            </Text>
          </Stack>
          <Switch
            label="A shift must be open to sell at the till"
            description="The till asks for the opening float before the first sale. A sale made offline is never refused."
            disabled={!canEdit}
            {...form.getInputProps('shift_required', { type: 'checkbox' })}
          />
          {canEdit ? (
            <Group>
              <Button type="submit" loading={save.isPending}>
                Save till rules
              </Button>
            </Group>
          ) : (
            <Text size="sm">Your role cannot change the till rules.</Text>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
