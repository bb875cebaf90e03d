import { Button, Grid, Group, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAdjustments, IconShoppingCartPlus } from '@tabler/icons-react';
import { createProductBody, updateProductBody, type Product } from '@tillbook/contract/products';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageHeader } from '../../../components/page-header';
import { ErrorState, LoadingState, Section } from '../../../components/states';
import { StatusBadge } from '../../../components/status-badge';
import { messageOf } from '../../../lib/api-client';
import { useCan } from '../../../lib/current-user';
import { showFormError, useSchemaForm } from '../../../lib/forms';
import { notify } from '../../../lib/toast';
import { useProduct } from '../api/get-product';
import { useReorder } from '../api/purchasing';
import { useCreateProduct, useDeleteProduct, useUpdateProduct } from '../api/save-product';
import { AdjustStockModal } from '../components/adjust-stock-modal';
import { BarcodeLabel } from '../components/barcode-label';
import { IncomingStock } from '../components/incoming-stock';
import {
  blankProduct,
  fromProduct,
  productChecks,
  toProductBody,
  type ProductValues,
} from '../components/product-values';
import { StockHistory } from '../components/stock-history';
import { paths } from '../../../config/paths';
import { ProductFields, ProductImages } from '../components/product-fields';
import { FormActions } from '../../../components/form-actions';

function ProductForm({ product }: { product?: Product }) {
  const navigate = useNavigate();
  const canManage = useCan('products.manage');
  const canViewPurchasing = useCan('purchase_orders.view');
  const canOrder = useCan('purchase_orders.manage');
  // Open with the variant of the row whose Adjust was pressed, or none chosen yet.
  const [adjusting, setAdjusting] = useState<{ variantId?: string } | null>(null);
  const [archiving, setArchiving] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const form = useSchemaForm<ProductValues>(
    product ? updateProductBody : createProductBody,
    product ? fromProduct(product) : blankProduct,
    productChecks(!product),
  );
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
    const body = toProductBody(values, !product);
    if (product) update.mutate({ id: product.id, body });
    else create.mutate(body);
  });

  const low = product && product.track_stock && product.stock_status !== 'in_stock';
  // The same fields and save bar on the add screen and beside the product's images.
  const editor = (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <ProductFields
          form={form}
          product={product}
          canManage={canManage}
          onAdjust={canManage ? (variantId) => setAdjusting({ variantId }) : undefined}
        />
        {canManage && (
          <FormActions
            onCancel={() => navigate(paths.products)}
            submitLabel={product ? 'Save product' : 'Add product'}
            loading={create.isPending || update.isPending}
          />
        )}
      </Stack>
    </form>
  );

  if (!product) {
    return (
      <Stack gap="lg">
        <PageHeader
          title="Add product"
          breadcrumbs={[{ label: 'Inventory' }, { label: 'Products', to: paths.products }, { label: 'Add' }]}
        />
        {editor}
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
                onClick={() => setAdjusting({})}
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
        <Grid.Col span={{ base: 12, md: 8 }}>{editor}</Grid.Col>
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
        <StockHistory product={product} />
      </Section>
      <AdjustStockModal
        product={product}
        variantId={adjusting?.variantId}
        opened={adjusting !== null}
        onClose={() => setAdjusting(null)}
      />
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
