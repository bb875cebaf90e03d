import {
  ActionIcon,
  Alert,
  Button,
  Grid,
  Group,
  Input,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  TagsInput,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useElementSize } from '@mantine/hooks';
import { IconPackages, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  MAX_OPTION_VALUES,
  MAX_PRODUCT_OPTIONS,
  MAX_VARIANTS,
  mixedUnits,
} from '@tillbook/contract/products';
import { useState, type ReactNode } from 'react';
import { MoneyInput } from '../../../components/money-input';
import { CardList, usePhoneWidth } from '../../../components/row-cards';
import { Section } from '../../../components/states';
import { useStoreLocale } from '../../../lib/current-user';
import { toMajorText } from '../../../lib/format';
import { itemError } from '../../../lib/forms';
import { PacksEditor } from './packs-editor';
import { optionsOn, type ProductValues } from './product-values';
import {
  blankOption,
  combinationCount,
  comboKey,
  setAll,
  syncVariants,
  variantName,
  variantsWanted,
  withoutOption,
  type OptionValues,
  type PackValues,
  type VariantValues,
} from './variant-values';

type Form = UseFormReturnType<ProductValues>;

const OPTION_EXAMPLES = ['Size', 'Colour', 'Material'];

/** Packs whose count is whole, for showing a saved stock in packs while the form is edited. */
const countedPacks = (packs: PackValues[]) =>
  packs
    .map((p) => ({ name: p.name.trim(), factor: Number(p.factor) }))
    .filter((p) => p.name && Number.isInteger(p.factor) && p.factor >= 2);

const errorText = (form: Form, path: string) => {
  const message = form.errors[path];
  return typeof message === 'string' ? message : undefined;
};

/** Whether any message sits under `path` (a variant's packs, shown behind a button). */
const hasErrorUnder = (form: Form, path: string) =>
  Object.keys(form.errors).some((key) => key.startsWith(`${path}.`));

function OptionsEditor({ form }: { form: Form }) {
  const { options, variants, removed } = form.getValues();
  const setOptions = (next: OptionValues[]) =>
    form.setValues({ options: next, variants: syncVariants(next, variants, removed) });
  return (
    <Stack gap="sm">
      {options.map((option, i) => (
        <Group key={i} align="flex-start" wrap="nowrap" gap="xs" role="group" aria-label={`Option ${i + 1}`}>
          <Grid gap="xs" style={{ flex: 1 }}>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextInput
                label="Option name"
                placeholder={OPTION_EXAMPLES[i]}
                {...form.getInputProps(`options.${i}.name`)}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 8 }}>
              <TagsInput
                label="Values"
                description="Type a value and press Enter"
                placeholder={i === 0 ? 'S, M, L' : i === 1 ? 'Red, Blue' : 'Cotton'}
                splitChars={[',']}
                maxTags={MAX_OPTION_VALUES}
                clearable
                value={option.values}
                onChange={(values) => setOptions(options.map((o, j) => (j === i ? { ...o, values } : o)))}
                error={
                  errorText(form, `options.${i}.values`) ?? itemError(form.errors, `options.${i}.values`)
                }
              />
            </Grid.Col>
          </Grid>
          <ActionIcon
            variant="subtle"
            color="red"
            mt={26}
            aria-label={`Remove option ${option.name.trim() || i + 1}`}
            onClick={() => form.setValues(withoutOption(options, variants, removed, i))}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} />}
          disabled={options.length >= MAX_PRODUCT_OPTIONS}
          onClick={() => setOptions([...options, { ...blankOption }])}
        >
          Add option
        </Button>
        {options.length >= MAX_PRODUCT_OPTIONS && (
          <Text size="xs" c="dimmed">
            A product has at most {MAX_PRODUCT_OPTIONS} options.
          </Text>
        )}
      </Group>
    </Stack>
  );
}

/** "Set all prices" and "Set all stock": one value into every row (stock: the new rows). */
function BulkEdit({ form, trackStock }: { form: Form; trackStock: boolean }) {
  const [price, setPrice] = useState<number | null>(null);
  const [stock, setStock] = useState('');
  const rows = form.getValues().variants;
  const priceOk = price !== null && !Number.isNaN(price);
  const stockOk = /^\d+$/.test(stock.trim());
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <MoneyInput label="Set all prices" value={price} onChange={setPrice} style={{ flex: 1 }} />
        <Button
          variant="default"
          disabled={!priceOk}
          onClick={() => form.setFieldValue('variants', setAll(rows, 'price', price))}
        >
          Apply
        </Button>
      </Group>
      {trackStock && (
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            label="Set all stock"
            inputMode="numeric"
            value={stock}
            onChange={(e) => setStock(e.currentTarget.value)}
            style={{ flex: 1 }}
          />
          <Button
            variant="default"
            disabled={!stockOk}
            onClick={() => form.setFieldValue('variants', setAll(rows, 'quantity', stock.trim()))}
          >
            Apply
          </Button>
        </Group>
      )}
    </SimpleGrid>
  );
}

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
function VariantsGrid({ form }: { form: Form }) {
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

/**
 * The "Variants" section: the switch, up to three options with their values, and the grid of
 * the variants they make with a bulk edit above it.
 */
export function VariantsSection({ form }: { form: Form }) {
  const values = form.getValues();
  const wanted = variantsWanted(values.options, values.removed);
  const leftOut = Math.min(combinationCount(values.options), MAX_VARIANTS) - values.variants.length;
  return (
    <Section
      title="Variants"
      description="Sizes, colours and the like: each combination is a variant with its own price, stock and codes."
    >
      <Stack gap="md">
        <Switch
          label="This product has options like size or colour"
          checked={values.has_options}
          onChange={(e) =>
            e.currentTarget.checked
              ? form.setValues(optionsOn(form.getValues()))
              : form.setFieldValue('has_options', false)
          }
        />
        {!values.has_options && values.saved?.options && (
          <Alert color="yellow" title="Saving removes the options">
            The product keeps its first variant. The others are removed: kept as archived where sales or stock
            history refer to them, and refused while one still holds stock (count it to zero first).
          </Alert>
        )}
        {values.has_options && (
          <>
            <OptionsEditor form={form} />
            {errorText(form, 'options') && (
              <Text size="sm" c="red">
                {errorText(form, 'options')}
              </Text>
            )}
            {wanted > MAX_VARIANTS && (
              <Text size="sm" c="red">
                These options make {wanted} variants; a product has at most {MAX_VARIANTS}. Remove values or
                rows.
              </Text>
            )}
            {errorText(form, 'variants') && (
              <Text size="sm" c="red">
                {errorText(form, 'variants')}
              </Text>
            )}
            {values.variants.length > 0 && (
              <>
                <BulkEdit form={form} trackStock={values.track_stock} />
                <VariantsGrid form={form} />
                {values.track_stock && values.variants.some((r) => r.id) && (
                  <Text size="xs" c="dimmed">
                    A saved variant&apos;s stock changes with Adjust stock, so every change has a reason; Set
                    all stock fills the new ones.
                  </Text>
                )}
              </>
            )}
            {values.removed.length > 0 && leftOut > 0 && (
              <Group gap="xs">
                <Text size="sm" c="dimmed">
                  {leftOut} combination{leftOut === 1 ? '' : 's'} left out.
                </Text>
                <Button
                  variant="subtle"
                  size="xs"
                  onClick={() =>
                    form.setValues({
                      removed: [],
                      variants: syncVariants(values.options, values.variants, []),
                    })
                  }
                >
                  Bring back
                </Button>
              </Group>
            )}
          </>
        )}
      </Stack>
    </Section>
  );
}
