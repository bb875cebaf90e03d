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
import type { PurchaseOrder } from '@tillbook/contract/purchase-orders';
import { MAX_PO_QUANTITY } from '@tillbook/contract/purchase-orders';
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Money } from '../../../components/money';
import { PageHeader } from '../../../components/page-header';
import { EmptyState, ErrorState, LoadingState, Section } from '../../../components/states';
import { ApiError, messageOf } from '../../../lib/api-client';
import { useStoreLocale } from '../../../lib/current-user';
import { notify } from '../../../lib/toast';
import { usePurchaseOrder } from '../api/get-purchase-order';
import { useVendorOptions } from '../api/lookups';
import { useCreatePurchaseOrder, useUpdatePurchaseOrder } from '../api/save-purchase-order';
import { ProductAdder } from '../components/product-adder';
import {
  addProduct,
  lineTotal,
  linesTotal,
  majorOf,
  toApiLines,
  type DraftLine,
} from '../components/po-lines';
import { paths } from '../../../app/paths';

const today = () => new Date().toISOString().slice(0, 10);

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
  const [vendor, setVendor] = useState<string | null>(order?.vendor.id ?? vendorId ?? null);
  const [orderDate, setOrderDate] = useState(order?.order_date ?? today());
  const [expected, setExpected] = useState(order?.expected_date ?? '');
  const [notes, setNotes] = useState(order?.notes ?? '');
  const [lines, setLines] = useState<DraftLine[]>(
    order?.items.map((i) => ({
      product_id: i.product_id,
      name: i.product_name,
      sku: i.sku,
      barcode: i.barcode,
      quantity: i.quantity,
      unit_cost: majorOf(i.unit_cost, currency),
    })) ?? [],
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const onError = (error: unknown) => {
    if (error instanceof ApiError) setErrors(error.fields);
    notify.error(messageOf(error));
  };
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

  const setLine = (i: number, change: Partial<DraftLine>) => {
    setLines((ls) => ls.map((l, j) => (j === i ? { ...l, ...change } : l)));
    setErrors((e) => {
      const next = { ...e };
      for (const key of Object.keys(next)) if (key.startsWith(`items.${i}.`)) delete next[key];
      return next;
    });
  };

  const submit = (status: 'draft' | 'issued') => {
    const local: Record<string, string> = {};
    if (!vendor) local.vendor_id = 'Choose a vendor';
    if (!lines.length) local.items = 'Add at least one product';
    const api = toApiLines(lines, currency);
    if ('badLine' in api) local[`items.${api.badLine}.unit_cost`] = 'Enter an amount like 1250.50';
    if (Object.keys(local).length) {
      setErrors(local);
      return;
    }
    if (!('items' in api)) return;
    const body = {
      vendor_id: vendor!,
      items: api.items,
      order_date: orderDate || undefined,
      expected_date: expected || null,
      notes: notes.trim() || null,
    };
    setErrors({});
    if (order) update.mutate({ id: order.id, body });
    else create.mutate({ ...body, status });
  };

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
            value={vendor}
            initialLabel={order?.vendor.name}
            onChange={(id) => {
              setVendor(id);
              setErrors(({ vendor_id: _v, ...rest }) => rest);
            }}
            error={errors.vendor_id}
          />
          <TextInput
            type="date"
            label="Order date"
            value={orderDate}
            onChange={(e) => setOrderDate(e.currentTarget.value)}
            error={errors.order_date}
          />
          <TextInput
            type="date"
            label="Expected"
            value={expected}
            onChange={(e) => setExpected(e.currentTarget.value)}
            error={errors.expected_date}
          />
        </SimpleGrid>
        <Textarea
          mt="sm"
          label="Notes"
          autosize
          minRows={2}
          value={notes}
          onChange={(e) => setNotes(e.currentTarget.value)}
          error={errors.notes}
        />
      </Section>
      <Section title="Products" description="A product scanned again gets one more on its line.">
        <Stack gap="md">
          <ProductAdder onAdd={(p) => setLines((ls) => addProduct(ls, p, currency))} />
          {errors.items && (
            <Text size="sm" c="red">
              {errors.items}
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
                    const total = lineTotal(l, currency);
                    return (
                      <Table.Tr key={l.product_id}>
                        <Table.Td>
                          <Text size="sm" fw={500}>
                            {l.name}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {[l.sku, l.barcode].filter(Boolean).join(' · ')}
                          </Text>
                          {errors[`items.${i}.product_id`] && (
                            <Text size="xs" c="red">
                              {errors[`items.${i}.product_id`]}
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
                            value={l.quantity}
                            onChange={(v) =>
                              setLine(i, { quantity: typeof v === 'number' ? v : Number(v) || 1 })
                            }
                            error={errors[`items.${i}.quantity`]}
                          />
                        </Table.Td>
                        <Table.Td>
                          <TextInput
                            aria-label={`Unit cost of ${l.name}`}
                            inputMode="decimal"
                            value={l.unit_cost}
                            onChange={(e) => setLine(i, { unit_cost: e.currentTarget.value })}
                            error={errors[`items.${i}.unit_cost`]}
                          />
                        </Table.Td>
                        <Table.Td ta="right">{total === null ? '—' : <Money minor={total} />}</Table.Td>
                        <Table.Td>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Remove ${l.name}`}
                            onClick={() => setLines((ls) => ls.filter((_, j) => j !== i))}
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
              Total <Money minor={linesTotal(lines, currency)} />
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
