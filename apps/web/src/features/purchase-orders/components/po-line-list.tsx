import {
  ActionIcon,
  Group,
  NativeSelect,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconTrash } from '@tabler/icons-react';
import { MAX_PO_QUANTITY } from '@tillbook/contract/purchase-orders';
import type { ReactNode } from 'react';
import { Money } from '../../../components/money';
import { MoneyInput } from '../../../components/money-input';
import { usePhoneWidth } from '../../../components/row-cards';
import type { PoValues } from './po-form-values';
import {
  baseUnitsText,
  changeUnit,
  costUnit,
  lineKey,
  lineTotal,
  poLineLabel,
  type DraftLine,
} from './po-lines';

type Form = UseFormReturnType<PoValues>;

/** The controls of one line, laid out by the table (desktop) or a card (phone). */
interface LineParts {
  key: string;
  line: DraftLine;
  title: string;
  codes: string;
  error: ReactNode;
  unit: ReactNode;
  quantity: ReactNode;
  baseUnits: string | null;
  cost: ReactNode;
  costLabel: string;
  total: ReactNode;
  remove: ReactNode;
}

function lineParts(form: Form, currency: string, phone: boolean): LineParts[] {
  const seen = new Set<string>();
  return form.values.items.map((l, i) => {
    // A unit changed to one another line already has makes the pair's key twice until the
    // contract's check is answered: the index keeps React's keys apart meanwhile.
    let key = lineKey(l);
    if (seen.has(key)) key = `${key}#${i}`;
    seen.add(key);
    const label = poLineLabel(l);
    const costLabel = l.packs.length ? `Cost per ${costUnit(l)}` : 'Unit cost';
    const error = form.errors[`items.${i}.product_id`] ?? form.errors[`items.${i}.variant_id`];
    const packError = form.errors[`items.${i}.pack`];
    const total = lineTotal(l);
    return {
      key,
      line: l,
      title: poLineLabel({ ...l, pack: null }),
      codes: [l.sku, l.barcode].filter(Boolean).join(' · '),
      error: error && (
        <Text size="xs" c="red">
          {error}
        </Text>
      ),
      unit: l.packs.length ? (
        <NativeSelect
          label={phone ? 'Unit' : undefined}
          aria-label={`Unit of ${label}`}
          value={l.pack ?? ''}
          data={[
            { value: '', label: l.unit },
            ...l.packs.map((p) => ({ value: p.name, label: `${p.name} (${p.factor})` })),
          ]}
          onChange={(e) =>
            form.setFieldValue(
              `items.${i}`,
              changeUnit(form.getValues().items[i]!, e.currentTarget.value || null),
            )
          }
          error={packError}
        />
      ) : null,
      quantity: (
        <NumberInput
          label={phone ? 'Quantity' : undefined}
          aria-label={`Quantity of ${label}`}
          min={1}
          max={MAX_PO_QUANTITY}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps(`items.${i}.quantity`)}
          onChange={(v) =>
            form.setFieldValue(`items.${i}.quantity`, typeof v === 'number' ? v : Number(v) || 1)
          }
        />
      ),
      baseUnits: baseUnitsText(l),
      cost: (
        <MoneyInput
          label={phone ? `${costLabel} (${currency})` : undefined}
          aria-label={`${costLabel} of ${label}`}
          currency={currency}
          {...form.getInputProps(`items.${i}.unit_cost`)}
        />
      ),
      costLabel,
      total: total === null ? '—' : <Money minor={total} />,
      remove: (
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`Remove ${label}`}
          onClick={() => form.removeListItem('items', i)}
        >
          <IconTrash size={16} />
        </ActionIcon>
      ),
    };
  });
}

/**
 * The purchase order's lines being edited: a table on a desktop, a card per line on a phone (the
 * count and the cost in boxes a thumb can reach, nothing to scroll sideways). A line of a variant
 * with packs chooses its unit; its cost is per that unit, and its count is shown in base units.
 */
export function PoLineList({ form, currency }: { form: Form; currency: string }) {
  const phone = usePhoneWidth();
  const parts = lineParts(form, currency, phone);
  if (phone) {
    return (
      <Stack gap="sm" role="list" aria-label="Purchase order lines">
        {parts.map((p) => (
          <Paper key={p.key} withBorder radius="md" p="sm" role="listitem" aria-label={poLineLabel(p.line)}>
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {p.title}
                </Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {p.codes}
                </Text>
                {p.error}
              </div>
              {p.remove}
            </Group>
            <SimpleGrid cols={2} spacing="xs" mt="xs">
              {p.unit}
              {p.quantity}
              {p.cost}
            </SimpleGrid>
            <Group justify="space-between" mt="xs" gap="xs">
              <Text size="xs" c="dimmed">
                {p.baseUnits}
              </Text>
              <Text size="sm" fw={600}>
                {p.total}
              </Text>
            </Group>
          </Paper>
        ))}
      </Stack>
    );
  }
  const withUnits = parts.some((p) => p.unit);
  return (
    <Table.ScrollContainer minWidth={withUnits ? 760 : 640}>
      <Table verticalSpacing="xs" aria-label="Purchase order lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Product</Table.Th>
            {withUnits && <Table.Th w={150}>Unit</Table.Th>}
            <Table.Th w={130}>Quantity</Table.Th>
            <Table.Th w={160}>{withUnits ? `Cost (${currency})` : `Unit cost (${currency})`}</Table.Th>
            <Table.Th ta="right">Line total</Table.Th>
            <Table.Th w={48} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {parts.map((p) => (
            <Table.Tr key={p.key}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {p.title}
                </Text>
                <Text size="xs" c="dimmed">
                  {p.codes}
                </Text>
                {p.error}
              </Table.Td>
              {withUnits && (
                <Table.Td>
                  {p.unit ?? (
                    <Text size="sm" c="dimmed">
                      {p.line.unit}
                    </Text>
                  )}
                </Table.Td>
              )}
              <Table.Td>
                {p.quantity}
                {p.baseUnits && (
                  <Text size="xs" c="dimmed" mt={2}>
                    {p.baseUnits}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                {p.cost}
                {p.line.packs.length > 0 && (
                  <Text size="xs" c="dimmed" mt={2}>
                    {p.costLabel}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right">{p.total}</Table.Td>
              <Table.Td>{p.remove}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
