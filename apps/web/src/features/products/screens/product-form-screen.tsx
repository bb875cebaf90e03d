import {
  ActionIcon,
  Button,
  Grid,
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
import { useForm } from '@mantine/form';
import { IconAdjustments, IconBarcode, IconShoppingCartPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { PRODUCT_UNITS, type Product } from '@tillbook/contract/products';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ImageUpload } from '../../../components/image-upload';
import { MoneyInput } from '../../../components/money-input';
import { PageHeader } from '../../../components/page-header';
import { ErrorState, LoadingState, Section } from '../../../components/states';
import { StatusBadge } from '../../../components/status-badge';
import { messageOf } from '../../../lib/api-client';
import { useCan, useStoreId } from '../../../lib/current-user';
import { showFormError } from '../../../lib/forms';
import { notify } from '../../../lib/toast';
import { useCategories, useCreateCategory } from '../api/categories';
import { productKey, useProduct } from '../api/get-product';
import { removeProductImage, uploadProductImage } from '../api/images';
import { productsKey } from '../api/list-products';
import { useReorder } from '../api/purchasing';
import { useCreateProduct, useDeleteProduct, useUpdateProduct } from '../api/save-product';
import { AdjustStockModal } from '../components/adjust-stock-modal';
import { BarcodeLabel } from '../components/barcode-label';
import { IncomingStock } from '../components/incoming-stock';
import {
  blankProduct,
  fromProduct,
  generateBarcode,
  productBody,
  type ProductValues,
} from '../components/product-values';
import { StockBar } from '../components/stock-bar';
import { StockHistory } from '../components/stock-history';
import { paths } from '../../../app/paths';

type Form = ReturnType<typeof useForm<ProductValues>>;

function CategoryPicker({ form, canManage }: { form: Form; canManage: boolean }) {
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

function ProductFields({ form, product, canManage }: { form: Form; product?: Product; canManage: boolean }) {
  const values = form.getValues();
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
      <Section title="Pricing" description="Amounts in your store's currency.">
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
      <Section title="Stock">
        <Stack gap="sm">
          <Switch
            label="Track stock"
            description="Off for services and items you never run out of"
            {...form.getInputProps('track_stock', { type: 'checkbox' })}
          />
          {values.track_stock && (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {product ? (
                <Stack gap={4}>
                  <Text size="sm" fw={500}>
                    In stock
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
    </Stack>
  );
}

function ProductImages({ product }: { product: Product }) {
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

function ProductForm({ product }: { product?: Product }) {
  const navigate = useNavigate();
  const canManage = useCan('products.manage');
  const canViewPurchasing = useCan('purchase_orders.view');
  const canOrder = useCan('purchase_orders.manage');
  const [adjusting, setAdjusting] = useState(false);
  const [archiving, setArchiving] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const form = useForm<ProductValues>({
    mode: 'controlled',
    initialValues: product ? fromProduct(product) : blankProduct,
  });
  const create = useCreateProduct({
    onSuccess: (answer) => {
      notify.success('Product created');
      navigate(paths.product(answer.data.id), { replace: true });
    },
    onError: (error) => showFormError(form, error),
  });
  const update = useUpdateProduct({
    onSuccess: (answer) => {
      notify.success(
        answer.data.status === product?.status
          ? 'Product saved'
          : answer.data.status === 'archived'
            ? 'Product archived'
            : 'Product restored',
      );
      setArchiving(false);
      form.resetDirty(fromProduct(answer.data));
    },
    onError: (error) => showFormError(form, error),
  });
  const remove = useDeleteProduct({
    onSuccess: (answer) => {
      notify.success(
        answer.data.archived ? 'Kept as archived: orders or stock history refer to it' : answer.message,
      );
      navigate(paths.products, { replace: true });
    },
    onError: (error) => notify.error(messageOf(error)),
  });
  const reorder = useReorder({
    onSuccess: (answer) => {
      notify.success(`Draft ${answer.data.number} started`);
      navigate(paths.purchaseOrder(answer.data.id));
    },
    onError: (error) => notify.error(messageOf(error)),
  });

  const submit = form.onSubmit((values) => {
    const result = productBody(values, !product);
    if (result.errors) {
      form.setErrors(result.errors);
      return;
    }
    if (product) update.mutate({ id: product.id, body: result.body });
    else create.mutate(result.body);
  });

  const low = product && product.track_stock && product.stock_status !== 'in_stock';
  const fields = <ProductFields form={form} product={product} canManage={canManage} />;
  const saveBar = canManage && (
    <Group justify="flex-end">
      <Button variant="default" onClick={() => navigate(paths.products)}>
        Cancel
      </Button>
      <Button type="submit" loading={create.isPending || update.isPending}>
        {product ? 'Save product' : 'Add product'}
      </Button>
    </Group>
  );

  if (!product) {
    return (
      <Stack gap="lg">
        <PageHeader
          title="Add product"
          breadcrumbs={[{ label: 'Inventory' }, { label: 'Products', to: paths.products }, { label: 'Add' }]}
        />
        <form onSubmit={submit} noValidate>
          <Stack gap="lg">
            {fields}
            {saveBar}
          </Stack>
        </form>
      </Stack>
    );
  }

  const archived = product.status === 'archived';
  return (
    <Stack gap="lg">
      <PageHeader
        title={product.name}
        badge={<StatusBadge status={product.status} />}
        description={`SKU ${product.sku} · ${product.barcode}`}
        breadcrumbs={[
          { label: 'Inventory' },
          { label: 'Products', to: paths.products },
          { label: product.name },
        ]}
        actions={
          <Group gap="sm">
            {low && canOrder && (
              <Button
                variant="default"
                leftSection={<IconShoppingCartPlus size={16} />}
                loading={reorder.isPending}
                onClick={() => reorder.mutate({ product_id: product.id })}
              >
                Reorder
              </Button>
            )}
            {canManage && product.track_stock && (
              <Button
                variant="default"
                leftSection={<IconAdjustments size={16} />}
                onClick={() => setAdjusting(true)}
              >
                Adjust stock
              </Button>
            )}
            {canManage &&
              (archived ? (
                <Button
                  variant="outline"
                  loading={update.isPending}
                  onClick={() => update.mutate({ id: product.id, body: { status: 'active' } })}
                >
                  Restore
                </Button>
              ) : (
                <Button variant="outline" color="red" onClick={() => setArchiving(true)}>
                  Archive
                </Button>
              ))}
          </Group>
        }
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <form onSubmit={submit} noValidate>
            <Stack gap="lg">
              {fields}
              {saveBar}
            </Stack>
          </form>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <Section title="Images">
              {canManage ? (
                <ProductImages product={product} />
              ) : product.images.length ? (
                <SimpleGrid cols={4} spacing="xs">
                  {product.images.map((url, i) => (
                    <Image key={url} src={url} h={72} radius="sm" alt={`${product.name}, image ${i + 1}`} />
                  ))}
                </SimpleGrid>
              ) : (
                <Text size="sm" c="dimmed">
                  No images.
                </Text>
              )}
            </Section>
            <Section title="Barcode label">
              <BarcodeLabel product={product} />
            </Section>
            {canViewPurchasing && product.track_stock && (
              <Section title="Incoming">
                <IncomingStock productId={product.id} />
              </Section>
            )}
            {canManage && (
              <Button variant="subtle" color="red" onClick={() => setDeleting(true)}>
                Delete product
              </Button>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
      <Section title="Stock history">
        <StockHistory productId={product.id} />
      </Section>
      <AdjustStockModal product={product} opened={adjusting} onClose={() => setAdjusting(false)} />
      <ConfirmDialog
        opened={archiving}
        title={`Archive ${product.name}?`}
        message="An archived product leaves the catalogue and the point of sale; its sales and stock history stay. You can restore it later."
        confirmLabel="Archive product"
        loading={update.isPending}
        onConfirm={() => update.mutate({ id: product.id, body: { status: 'archived' } })}
        onClose={() => setArchiving(false)}
      />
      <ConfirmDialog
        opened={deleting}
        title={`Delete ${product.name}?`}
        message="A product that was never sold or stocked is deleted for good; one that orders or stock history refer to is archived instead."
        confirmLabel="Delete product"
        loading={remove.isPending}
        onConfirm={() => remove.mutate(product.id)}
        onClose={() => setDeleting(false)}
      />
    </Stack>
  );
}

/**
 * paths.productCreate and `/inventory/products/{id}`: the product form; a saved
 * product also shows its images, barcode label, incoming purchase orders and stock history.
 */
export default function ProductFormScreen() {
  const { id } = useParams();
  const product = useProduct(id);
  if (!id) return <ProductForm />;
  if (product.isPending) return <LoadingState rows={8} label="Loading product" />;
  if (product.isError) return <ErrorState error={product.error} onRetry={() => void product.refetch()} />;
  return <ProductForm key={`${product.data.id}-${product.data.updated_at}`} product={product.data} />;
}
