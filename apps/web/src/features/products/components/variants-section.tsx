import {
  ActionIcon,
  Alert,
  Button,
  Grid,
  Group,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { MAX_OPTION_VALUES, MAX_PRODUCT_OPTIONS, MAX_VARIANTS } from '@tillbook/contract/products';
import { useState } from 'react';
import { MoneyInput } from '../../../components/money-input';
import { Section } from '../../../components/states';
import { itemError } from '../../../lib/forms';
import { optionsOn, type ProductValues } from './product-values';
import {
  blankOption,
  combinationCount,
  setAll,
  syncVariants,
  variantsWanted,
  withoutOption,
  type OptionValues,
} from './variant-values';
import { VariantsGrid } from './variants-grid';

type Form = UseFormReturnType<ProductValues>;

const OPTION_EXAMPLES = ['Size', 'Colour', 'Material'];

const errorText = (form: Form, path: string) => {
  const message = form.errors[path];
  return typeof message === 'string' ? message : undefined;
};

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
