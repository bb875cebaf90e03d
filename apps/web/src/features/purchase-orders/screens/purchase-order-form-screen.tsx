import { Button, Group, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import type { Product } from '@tillbook/contract/products';
import { createPurchaseOrderBody, type PurchaseOrder } from '@tillbook/contract/purchase-orders';
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Money } from '../../../components/money';
import { PageHeader } from '../../../components/page-header';
import { EmptyState, ErrorState, LoadingState, Section } from '../../../components/states';
import { messageOf } from '../../../lib/api-client';
import { useStoreId, useStoreLocale } from '../../../lib/current-user';
import { showFormError, useSchemaForm } from '../../../lib/forms';
import { notify } from '../../../lib/toast';
import { usePurchaseOrder } from '../api/get-purchase-order';
import { productQuery, useVendorOptions } from '../api/lookups';
import { useCreatePurchaseOrder, useUpdatePurchaseOrder } from '../api/save-purchase-order';
import { ProductAdder } from '../components/product-adder';
import {
  fromPurchaseOrder,
  purchaseOrderChecks,
  toPurchaseOrderBody,
  type PoValues,
} from '../components/po-form-values';
import { PoLineList } from '../components/po-line-list';
import {
  addProduct,
  linesTotal,
  linesUnits,
  type FoundProduct,
  type LineChoice,
} from '../components/po-lines';
import { paths } from '../../../config/paths';

function VendorSelect({
  value,
  initialLabel,
  onChange,
  error,
}: {
  value: string | null;
  initialLabel?: string;
  onChange: (id: string | null, label: string) => void;
  error?: string;
}) {
  const [search, setSearch] = useState('');
  const options = useVendorOptions(search);
  const data = useMemo(() => {
    const list = (options.data ?? []).map((v) => ({
      value: v.id,
      label: v.company_name ? `${v.name} (${v.company_name})` : v.name,
    }));
    if (value && initialLabel && !list.some((o) => o.value === value))
      list.unshift({ value, label: initialLabel });
    return list;
  }, [options.data, value, initialLabel]);
  return (
    <Select
      label="Vendor"
      required
      searchable
      placeholder="Choose an active vendor"
      nothingFoundMessage={options.isPending ? 'Loading…' : 'No active vendor matches'}
      data={data}
      value={value}
      onChange={(id, option) => onChange(id, option?.label ?? '')}
      searchValue={search}
      onSearchChange={setSearch}
      error={error}
    />
  );
}

function PurchaseOrderForm({
  order,
  vendorId,
  products,
}: {
  order?: PurchaseOrder;
  vendorId?: string | null;
  products?: ReadonlyMap<string, FoundProduct>;
}) {
  const navigate = useNavigate();
  const { currency } = useStoreLocale();
  const form = useSchemaForm<PoValues>(
    createPurchaseOrderBody,
    fromPurchaseOrder(order, vendorId, products),
    purchaseOrderChecks,
  );
  const onError = (error: unknown) => showFormError(form, error);
  const create = useCreatePurchaseOrder({
    onSuccess: (answer) => {
      notify.success(
        `${answer.data.number} ${answer.data.status === 'issued' ? 'issued' : 'saved as a draft'}`,
      );
      navigate(paths.purchaseOrder(answer.data.id), { replace: true });
    },
    onError,
  });
  const update = useUpdatePurchaseOrder({
    onSuccess: (answer) => {
      notify.success(`${answer.data.number} saved`);
      navigate(paths.purchaseOrder(answer.data.id), { replace: true });
    },
    onError,
  });

  const submit = (status: 'draft' | 'issued') => {
    if (form.validate().hasErrors) return;
    const body = toPurchaseOrderBody(form.getValues());
    if (order) update.mutate({ id: order.id, body });
    else create.mutate({ ...body, status });
  };

  const add = (product: Product, choice: LineChoice) => {
    try {
      form.setFieldValue('items', addProduct(form.getValues().items, product, choice));
    } catch (error) {
      notify.error(messageOf(error));
    }
  };

  const lines = form.values.items;
  const pending = create.isPending || update.isPending;
  return (
    <Stack gap="lg">
      <PageHeader
        title={order ? `Edit ${order.number}` : 'New purchase order'}
        breadcrumbs={[
          { label: 'Purchasing' },
          { label: 'Purchase orders', to: paths.purchaseOrders },
          ...(order ? [{ label: order.number, to: paths.purchaseOrder(order.id) }] : []),
          { label: order ? 'Edit' : 'New' },
        ]}
      />
      <Section title="Order">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <VendorSelect
            value={form.values.vendor_id || null}
            initialLabel={order?.vendor.name}
            onChange={(id) => form.setFieldValue('vendor_id', id ?? '')}
            error={form.errors.vendor_id as string | undefined}
          />
          <TextInput type="date" label="Order date" {...form.getInputProps('order_date')} />
          <TextInput type="date" label="Expected" {...form.getInputProps('expected_date')} />
        </SimpleGrid>
        <Textarea mt="sm" label="Notes" autosize minRows={2} {...form.getInputProps('notes')} />
      </Section>
      <Section title="Products" description="A product scanned again gets one more on its line.">
        <Stack gap="md">
          <ProductAdder onAdd={add} />
          {form.errors.items && (
            <Text size="sm" c="red">
              {form.errors.items}
            </Text>
          )}
          {lines.length === 0 ? (
            <EmptyState
              title="No products yet"
              description="Scan a barcode or search for a product to add it."
            />
          ) : (
            <PoLineList form={form} currency={currency} />
          )}
          <Group justify="flex-end" gap="xl">
            <Text size="sm" c="dimmed">
              {(() => {
                const units = linesUnits(lines);
                return `${units} ${units === 1 ? 'unit' : 'units'}`;
              })()}
            </Text>
            <Text fw={700}>
              Total <Money minor={linesTotal(lines)} />
            </Text>
          </Group>
        </Stack>
      </Section>
      <Group justify="flex-end">
        <Button
          variant="default"
          onClick={() => navigate(order ? paths.purchaseOrder(order.id) : paths.purchaseOrders)}
        >
          Cancel
        </Button>
        {order ? (
          <Button loading={pending} onClick={() => submit('draft')}>
            Save changes
          </Button>
        ) : (
          <>
            <Button variant="light" loading={pending} onClick={() => submit('draft')}>
              Save draft
            </Button>
            <Button loading={pending} onClick={() => submit('issued')}>
              Save and issue
            </Button>
          </>
        )}
      </Group>
    </Stack>
  );
}

/**
 * paths.purchaseOrderCreate: a new purchase order (`?vendor=` picks the vendor); with `?id=` it edits
 * a draft.
 */
export default function PurchaseOrderFormScreen() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? undefined;
  const order = usePurchaseOrder(id);
  if (!id) return <PurchaseOrderForm vendorId={params.get('vendor')} />;
  if (order.isPending) return <LoadingState rows={8} label="Loading purchase order" />;
  if (order.isError) return <ErrorState error={order.error} onRetry={() => void order.refetch()} />;
  if (order.data.status !== 'draft') {
    return (
      <ErrorState
        title="This purchase order can no longer be edited"
        error={
          new Error(
            `${order.data.number} is ${order.data.status.replace('_', ' ')}; only a draft can be edited.`,
          )
        }
      />
    );
  }
  return <DraftForm order={order.data} />;
}

/**
 * A draft's form once its lines' products are read: each line's Unit select offers its
 * variant's packs as they are now. A product that cannot be read (deleted since) leaves its line
 * with the pack it was ordered in.
 */
function DraftForm({ order }: { order: PurchaseOrder }) {
  const storeId = useStoreId();
  const ids = [...new Set(order.items.map((i) => i.product_id))];
  const products = useQueries({
    queries: ids.map((id) => ({ ...productQuery(storeId, id), retry: false })),
  });
  if (products.some((p) => p.isPending && p.fetchStatus !== 'idle'))
    return <LoadingState rows={8} label="Loading purchase order" />;
  const byId = new Map(products.flatMap((p) => (p.data ? [[p.data.id, p.data] as const] : [])));
  return <PurchaseOrderForm key={order.id} order={order} products={byId} />;
}
