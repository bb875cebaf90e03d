import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import {
  createPurchaseOrderBody,
  MAX_PO_QUANTITY,
  type PurchaseOrder,
} from '@tillbook/contract/purchase-orders';
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Money } from '../../../components/money';
import { MoneyInput } from '../../../components/money-input';
import { PageHeader } from '../../../components/page-header';
import { EmptyState, ErrorState, LoadingState, Section } from '../../../components/states';
import { useStoreLocale } from '../../../lib/current-user';
import { showFormError, useSchemaForm } from '../../../lib/forms';
import { notify } from '../../../lib/toast';
import { usePurchaseOrder } from '../api/get-purchase-order';
import { useVendorOptions } from '../api/lookups';
import { useCreatePurchaseOrder, useUpdatePurchaseOrder } from '../api/save-purchase-order';
import { ProductAdder } from '../components/product-adder';
import {
  fromPurchaseOrder,
  purchaseOrderChecks,
  toPurchaseOrderBody,
  type PoValues,
} from '../components/po-form-values';
import { addProduct, lineTotal, linesTotal } from '../components/po-lines';
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

function PurchaseOrderForm({ order, vendorId }: { order?: PurchaseOrder; vendorId?: string | null }) {
  const navigate = useNavigate();
  const { currency } = useStoreLocale();
  const form = useSchemaForm<PoValues>(
    createPurchaseOrderBody,
    fromPurchaseOrder(order, vendorId),
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
          <ProductAdder onAdd={(p) => form.setFieldValue('items', addProduct(form.getValues().items, p))} />
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
            <Table.ScrollContainer minWidth={640}>
              <Table verticalSpacing="xs" aria-label="Purchase order lines">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Product</Table.Th>
                    <Table.Th w={130}>Quantity</Table.Th>
                    <Table.Th w={160}>Unit cost ({currency})</Table.Th>
                    <Table.Th ta="right">Line total</Table.Th>
                    <Table.Th w={48} />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {lines.map((l, i) => {
                    const total = lineTotal(l);
                    return (
                      <Table.Tr key={l.product_id}>
                        <Table.Td>
                          <Text size="sm" fw={500}>
                            {l.name}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {[l.sku, l.barcode].filter(Boolean).join(' · ')}
                          </Text>
                          {form.errors[`items.${i}.product_id`] && (
                            <Text size="xs" c="red">
                              {form.errors[`items.${i}.product_id`]}
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td>
                          <NumberInput
                            aria-label={`Quantity of ${l.name}`}
                            min={1}
                            max={MAX_PO_QUANTITY}
                            allowDecimal={false}
                            allowNegative={false}
                            {...form.getInputProps(`items.${i}.quantity`)}
                            onChange={(v) =>
                              form.setFieldValue(
                                `items.${i}.quantity`,
                                typeof v === 'number' ? v : Number(v) || 1,
                              )
                            }
                          />
                        </Table.Td>
                        <Table.Td>
                          <MoneyInput
                            aria-label={`Unit cost of ${l.name}`}
                            currency={currency}
                            {...form.getInputProps(`items.${i}.unit_cost`)}
                          />
                        </Table.Td>
                        <Table.Td ta="right">{total === null ? '—' : <Money minor={total} />}</Table.Td>
                        <Table.Td>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Remove ${l.name}`}
                            onClick={() => form.removeListItem('items', i)}
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <Group justify="flex-end" gap="xl">
            <Text size="sm" c="dimmed">
              {(() => {
                const units = lines.reduce((s, l) => s + l.quantity, 0);
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
  return <PurchaseOrderForm key={order.data.id} order={order.data} />;
}
