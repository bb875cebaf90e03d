import {
  ActionIcon,
  Button,
  Group,
  Image,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconBarcode, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { PRODUCT_UNITS, type Product } from '@tillbook/contract/products';
import { useState } from 'react';
import { ImageUpload } from '../../../components/image-upload';
import { MoneyInput } from '../../../components/money-input';
import { Section } from '../../../components/states';
import { messageOf } from '../../../lib/api-client';
import { useStoreId } from '../../../lib/current-user';
import { notify } from '../../../lib/toast';
import { useCategories, useCreateCategory } from '../api/categories';
import { productKey } from '../api/get-product';
import { removeProductImage, uploadProductImage } from '../api/images';
import { productsKey } from '../api/list-products';
import { PacksEditor } from './packs-editor';
import { generateBarcode, type ProductValues } from './product-values';
import { StockBar, VariantsStock } from './stock-bar';
import { VariantsSection } from './variants-section';

export type Form = UseFormReturnType<ProductValues>;

export function CategoryPicker({ form, canManage }: { form: Form; canManage: boolean }) {
  const categories = useCategories();
  const [name, setName] = useState('');
  const create = useCreateCategory({
    onSuccess: (answer) => {
      form.setFieldValue('category_ids', [...form.getValues().category_ids, answer.data.id]);
      setName('');
      notify.success(`Category “${answer.data.name}” created`);
    },
    onError: (error) => notify.error(messageOf(error)),
  });
  const add = () => name.trim() && create.mutate({ name: name.trim() });
  return (
    <Stack gap={6}>
      <MultiSelect
        label="Categories"
        placeholder={categories.data?.length ? 'Choose categories' : 'No categories yet'}
        data={(categories.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
        searchable
        clearable
        {...form.getInputProps('category_ids')}
      />
      {canManage && (
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            aria-label="New category"
            placeholder="New category, e.g. Beverages"
            size="xs"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                add();
              }
            }}
            style={{ flex: 1 }}
          />
          <Button size="xs" variant="light" onClick={add} loading={create.isPending} disabled={!name.trim()}>
            Create category
          </Button>
        </Group>
      )}
    </Stack>
  );
}

export function ProductFields({
  form,
  product,
  canManage,
  onAdjust,
}: {
  form: Form;
  product?: Product;
  canManage: boolean;
  /** Adjust one variant's stock, from the table of a product with several. */
  onAdjust?: (variantId: string) => void;
}) {
  const values = form.getValues();
  const withOptions = values.has_options;
  const severalVariants = Boolean(product && product.variants.length > 1);
  return (
    <Stack gap="lg">
      <Section title="Details">
        <Stack gap="sm">
          <TextInput label="Product name" required data-autofocus {...form.getInputProps('name')} />
          <Textarea label="Description" autosize minRows={2} {...form.getInputProps('description')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <CategoryPicker form={form} canManage={canManage} />
            <Select
              label="Unit"
              data={PRODUCT_UNITS.map((u) => u)}
              searchable
              allowDeselect={false}
              {...form.getInputProps('unit')}
            />
          </SimpleGrid>
        </Stack>
      </Section>
      <Section
        title="Pricing"
        description={
          withOptions
            ? "Amounts in your store's currency. The price is each variant's unless its row gives another."
            : "Amounts in your store's currency."
        }
      >
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <MoneyInput label="Price" required placeholder="2,500.00" {...form.getInputProps('price')} />
          <MoneyInput
            label="Sale price"
            description="A discounted price, when on sale"
            {...form.getInputProps('sale_price')}
          />
          <MoneyInput
            label="Cost price"
            description="What you pay for it, for margins"
            {...form.getInputProps('cost_price')}
          />
        </SimpleGrid>
      </Section>
      <VariantsSection form={form} />
      <Section title="Stock">
        <Stack gap="sm">
          <Switch
            label="Track stock"
            description="Off for services and items you never run out of"
            {...form.getInputProps('track_stock', { type: 'checkbox' })}
          />
          {values.track_stock && product && severalVariants && (
            <VariantsStock product={product} onAdjust={onAdjust} />
          )}
          {values.track_stock && (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {withOptions && !product ? (
                <Text size="sm" c="dimmed" mt={{ sm: 'lg' }}>
                  Each variant&apos;s opening stock is in its row under Variants.
                </Text>
              ) : product ? (
                <Stack gap={4}>
                  <Text size="sm" fw={500}>
                    {severalVariants ? 'In stock, all variants' : 'In stock'}
                  </Text>
                  <StockBar product={product} />
                  <Text size="xs" c="dimmed">
                    Change stock with Adjust stock, so every change has a reason.
                  </Text>
                </Stack>
              ) : (
                <TextInput label="Opening stock" inputMode="numeric" {...form.getInputProps('quantity')} />
              )}
              <TextInput
                label="Low-stock threshold"
                inputMode="numeric"
                description="Shown as low stock at or below this"
                {...form.getInputProps('low_stock_threshold')}
              />
            </SimpleGrid>
          )}
        </Stack>
      </Section>
      {!withOptions && (
        <Section
          title="Sold in packs"
          description={`A carton of 24, a crate of 12: stock is kept in ${values.unit || 'units'}, and a pack sells and counts as that many.`}
        >
          <PacksEditor
            form={form}
            path="packs"
            packs={values.packs}
            unit={values.unit || 'unit'}
            label={values.name.trim() || 'This product'}
          />
        </Section>
      )}
      {!withOptions && (
        <Section title="Codes" description="Left empty, a SKU and an EAN-13 barcode are made for you.">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label="SKU" {...form.getInputProps('sku')} />
            <TextInput
              label="Barcode"
              leftSection={<IconBarcode size={16} />}
              rightSectionWidth={96}
              rightSection={
                <Button
                  size="compact-xs"
                  variant="light"
                  onClick={() => form.setFieldValue('barcode', generateBarcode())}
                >
                  Generate
                </Button>
              }
              {...form.getInputProps('barcode')}
            />
          </SimpleGrid>
        </Section>
      )}
    </Stack>
  );
}

export function ProductImages({ product }: { product: Product }) {
  const client = useQueryClient();
  const storeId = useStoreId();
  const refresh = (next: Product) => {
    client.setQueryData(productKey(storeId, product.id), next);
    void client.invalidateQueries({ queryKey: productsKey(storeId) });
  };
  return (
    <Stack gap="sm">
      {product.images.length > 0 && (
        <SimpleGrid cols={4} spacing="xs">
          {product.images.map((url, i) => (
            <div key={url} style={{ position: 'relative' }}>
              <Image src={url} h={72} radius="sm" fit="cover" alt={`${product.name}, image ${i + 1}`} />
              <ActionIcon
                size="sm"
                color="red"
                variant="filled"
                aria-label={`Remove image ${i + 1}`}
                style={{ position: 'absolute', top: 4, right: 4 }}
                onClick={() =>
                  void removeProductImage(product.id, url)
                    .then((a) => refresh(a.data))
                    .catch((e: unknown) => notify.error(messageOf(e)))
                }
              >
                <IconTrash size={12} />
              </ActionIcon>
            </div>
          ))}
        </SimpleGrid>
      )}
      <ImageUpload
        label="Add image"
        currentUrl={null}
        upload={async (file, onProgress) =>
          refresh((await uploadProductImage(product.id, file, onProgress)).data)
        }
      />
    </Stack>
  );
}
