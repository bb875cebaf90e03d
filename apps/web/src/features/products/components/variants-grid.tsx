// The grid of a product's variants: a row or a card per variant with its price, stock, codes and
// packs, and the packs dialog. Apart from the Variants section, which holds the switch, the
// options and the messages around the grid.
import {
  ActionIcon,
  Button,
  Grid,
  Group,
  Input,
  Modal,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useElementSize } from '@mantine/hooks';
import { IconPackages, IconTrash } from '@tabler/icons-react';
import { mixedUnits } from '@tillbook/contract/products';
import { useState, type ReactNode } from 'react';
import { MoneyInput } from '../../../components/money-input';
import { CardList, usePhoneWidth } from '../../../components/row-cards';
import { useStoreLocale } from '../../../lib/current-user';
import { toMajorText } from '../../../lib/format';
import { PacksEditor } from './packs-editor';
import type { ProductValues } from './product-values';
import { comboKey, variantName, type PackValues, type VariantValues } from './variant-values';

type Form = UseFormReturnType<ProductValues>;

/** Packs whose count is whole, for showing a saved stock in packs while the form is edited. */
const countedPacks = (packs: PackValues[]) =>
  packs
    .map((p) => ({ name: p.name.trim(), factor: Number(p.factor) }))
    .filter((p) => p.name && Number.isInteger(p.factor) && p.factor >= 2);

/** Whether any message sits under `path` (a variant's packs, shown behind a button). */
const hasErrorUnder = (form: Form, path: string) =>
  Object.keys(form.errors).some((key) => key.startsWith(`${path}.`));

/** The boxes of one row, laid out as a table row or as a card. */
interface RowParts {
  name: string;
  price: ReactNode;
  stock: ReactNode;
  sku: ReactNode;
  barcode: ReactNode;
  packs: ReactNode;
  remove: ReactNode;
}

function rowParts({ form, row, i, openPacks, pricePlaceholder }: RowProps, labelled: boolean): RowParts {
  const values = form.getValues();
  const name = variantName(row.values) || `Variant ${i + 1}`;
  // On a phone each box has its label; in the table the header names the column.
  const label = (text: string) => (labelled ? { label: text } : { 'aria-label': `${text} of ${name}` });
  const packErrors = hasErrorUnder(form, `variants.${i}.packs`);
  return {
    name,
    price: (
      <MoneyInput
        {...label('Price')}
        placeholder={pricePlaceholder}
        {...form.getInputProps(`variants.${i}.price`)}
      />
    ),
    stock:
      row.id !== null ? (
        <Stack gap={0}>
          {labelled && <Input.Label>Stock</Input.Label>}
          <Text size="sm" py={labelled ? 6 : undefined} aria-label={`Stock of ${name}`}>
            {mixedUnits(row.stock ?? 0, countedPacks(row.packs), values.unit || 'unit')}
          </Text>
        </Stack>
      ) : (
        <TextInput
          {...label('Stock')}
          inputMode="numeric"
          {...form.getInputProps(`variants.${i}.quantity`)}
        />
      ),
    sku: (
      <TextInput {...label('SKU')} placeholder="Made for you" {...form.getInputProps(`variants.${i}.sku`)} />
    ),
    barcode: (
      <TextInput
        {...label('Barcode')}
        placeholder="Made for you"
        {...form.getInputProps(`variants.${i}.barcode`)}
      />
    ),
    packs: (
      <Button
        variant={packErrors ? 'outline' : 'subtle'}
        color={packErrors ? 'red' : undefined}
        size={labelled ? 'xs' : 'compact-sm'}
        leftSection={<IconPackages size={14} />}
        onClick={() => openPacks(i)}
        aria-label={`Packs of ${name}${packErrors ? ' (has errors)' : ''}`}
      >
        {/* The table's narrow column holds the count; a card has room for the word. */}
        {labelled
          ? row.packs.length
            ? `${row.packs.length} pack${row.packs.length === 1 ? '' : 's'}`
            : 'Packs'
          : row.packs.length}
      </Button>
    ),
    remove: (
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={`Remove ${name}`}
        onClick={() =>
          form.setValues({
            variants: values.variants.filter((_, j) => j !== i),
            removed: [...values.removed, comboKey(row.values)],
          })
        }
      >
        <IconTrash size={16} />
      </ActionIcon>
    ),
  };
}

function VariantCard(props: RowProps & { wide: boolean }) {
  const parts = rowParts(props, true);
  // Wide enough, the four boxes share one line, the barcode (13 digits) taking the most.
  const span = (wide: number) => ({ base: 6, ...(props.wide ? { xs: wide } : {}) });
  return (
    <Paper component="li" withBorder radius="md" p="sm" aria-label={parts.name}>
      <Group justify="space-between" wrap="nowrap" mb={4} gap="xs">
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere', flex: 1 }}>
          {parts.name}
        </Text>
        {parts.packs}
        {parts.remove}
      </Group>
      <Grid gap="xs">
        <Grid.Col span={span(3)}>{parts.price}</Grid.Col>
        <Grid.Col span={span(2)}>{props.trackStock ? parts.stock : null}</Grid.Col>
        <Grid.Col span={span(3)}>{parts.sku}</Grid.Col>
        <Grid.Col span={span(4)}>{parts.barcode}</Grid.Col>
      </Grid>
    </Paper>
  );
}

interface RowProps {
  form: Form;
  row: VariantValues;
  i: number;
  openPacks: (i: number) => void;
  trackStock: boolean;
  /** The product's price, shown in an empty price box: what the row will sell at. */
  pricePlaceholder: string;
}

function VariantRow(props: RowProps) {
  const { form, row, trackStock } = props;
  const parts = rowParts(props, false);
  const options = form.getValues().options;
  return (
    <Table.Tr>
      {options.map((_, o) => (
        <Table.Td key={o}>
          <Text size="sm" fw={500}>
            {row.values[o] || '—'}
          </Text>
        </Table.Td>
      ))}
      <Table.Td>{parts.price}</Table.Td>
      {trackStock && <Table.Td>{parts.stock}</Table.Td>}
      <Table.Td>{parts.sku}</Table.Td>
      <Table.Td>{parts.barcode}</Table.Td>
      <Table.Td>{parts.packs}</Table.Td>
      <Table.Td>{parts.remove}</Table.Td>
    </Table.Tr>
  );
}

/**
 * One row per combination of the options: a table from `sm`, a card per variant on a phone (no
 * table to scroll sideways), as the app's lists do.
 */
export function VariantsGrid({ form }: { form: Form }) {
  const phone = usePhoneWidth();
  // The form sits beside the images on a laptop, narrower than the table: cards there too, so
  // no width scrolls the grid sideways.
  const { ref, width } = useElementSize();
  const { currency } = useStoreLocale();
  const [packsOf, setPacksOf] = useState<number | null>(null);
  const values = form.getValues();
  const pricePlaceholder =
    values.price !== null && !Number.isNaN(values.price) ? toMajorText(values.price, currency) : '';
  const { options, variants, track_stock: trackStock } = values;
  const open = packsOf !== null ? variants[packsOf] : undefined;
  const openName = open ? variantName(open.values) || `Variant ${packsOf! + 1}` : '';
  const rowProps = (row: VariantValues, i: number): RowProps => ({
    form,
    row,
    i,
    openPacks: setPacksOf,
    trackStock,
    pricePlaceholder,
  });
  const tableWidth = options.length * 70 + (trackStock ? 560 : 470);
  const cards = phone || (width > 0 && width < tableWidth);
  return (
    <div ref={ref}>
      {cards ? (
        <CardList label="Variants">
          {variants.map((row, i) => (
            <VariantCard key={comboKey(row.values)} {...rowProps(row, i)} wide={width >= 600} />
          ))}
        </CardList>
      ) : (
        <Table.ScrollContainer minWidth={tableWidth}>
          <Table verticalSpacing="xs" horizontalSpacing="xs" aria-label="Variants">
            <Table.Thead>
              <Table.Tr>
                {options.map((o, i) => (
                  <Table.Th key={i}>{o.name.trim() || `Option ${i + 1}`}</Table.Th>
                ))}
                <Table.Th w={110}>Price</Table.Th>
                {trackStock && <Table.Th w={90}>Stock</Table.Th>}
                <Table.Th>SKU</Table.Th>
                <Table.Th miw={140}>Barcode</Table.Th>
                <Table.Th w={64}>Packs</Table.Th>
                <Table.Th w={36}>
                  <VisuallyHidden>Remove</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {variants.map((row, i) => (
                <VariantRow key={comboKey(row.values)} {...rowProps(row, i)} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Modal
        opened={open !== undefined}
        onClose={() => setPacksOf(null)}
        title={`Packs of ${values.name.trim() || 'this product'} ${openName}`}
        size="lg"
        centered
        fullScreen={phone}
      >
        {open && (
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              Stock is kept in {values.unit || 'units'}; a pack sells and counts as that many.
            </Text>
            <PacksEditor
              form={form}
              path={`variants.${packsOf}.packs`}
              packs={open.packs}
              unit={values.unit || 'unit'}
              label={openName}
            />
            <Group justify="flex-end">
              <Button onClick={() => setPacksOf(null)}>Done</Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </div>
  );
}
