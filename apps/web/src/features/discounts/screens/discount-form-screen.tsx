import {
  Button,
  Group,
  MultiSelect,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueries } from '@tanstack/react-query';
import { MESSAGES } from '@tillbook/contract/constants';
import {
  DISCOUNT_CODE_PATTERN,
  type Discount,
  type DiscountScope,
  type DiscountType,
} from '@tillbook/contract/discounts';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { StatusBadge } from '../../../components/status-badge';
import { ErrorState, LoadingState, Section } from '../../../components/states';
import { useStoreId, useStoreLocale } from '../../../lib/current-user';
import { showFormError } from '../../../lib/forms';
import { minorDigits, toMinor } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import {
  discountProductQuery,
  useCategories,
  useCreateDiscount,
  useDiscount,
  useDiscountProducts,
  useUpdateDiscount,
  type CreateDiscountBody,
} from '../api/discounts';
import { localDay } from '../components/discount-text';

interface DiscountValues {
  name: string;
  code: string;
  type: DiscountType;
  /** A percentage, or an amount in major units. */
  value: string;
  applies_to: DiscountScope;
  product_ids: string[];
  category_ids: string[];
  min_order_amount: string;
  usage_limit: string;
  starts_at: string;
  ends_at: string;
  is_active: boolean;
}

const blank: DiscountValues = {
  name: '',
  code: '',
  type: 'percentage',
  value: '',
  applies_to: 'order',
  product_ids: [],
  category_ids: [],
  min_order_amount: '',
  usage_limit: '',
  starts_at: '',
  ends_at: '',
  is_active: true,
};

const major = (minor: number, currency: string) => {
  const digits = minorDigits(currency);
  return (minor / 10 ** digits).toFixed(digits);
};

function fromDiscount(d: Discount, currency: string, timezone: string): DiscountValues {
  return {
    name: d.name,
    code: d.code,
    type: d.type,
    value: d.type === 'percentage' ? String(d.value) : major(d.value, currency),
    applies_to: d.applies_to,
    product_ids: d.product_ids,
    category_ids: d.category_ids,
    min_order_amount: d.min_order_amount ? major(d.min_order_amount, currency) : '',
    usage_limit: d.usage_limit ? String(d.usage_limit) : '',
    starts_at: localDay(d.starts_at, timezone),
    ends_at: localDay(d.ends_at, timezone),
    is_active: d.is_active,
  };
}

/** Rules checked before sending; the server checks them again (and the ones across records). */
function validate(v: DiscountValues, currency: string): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!v.name.trim()) errors.name = 'Discount name is required';
  const code = v.code.trim().toUpperCase();
  if (code && !DISCOUNT_CODE_PATTERN.test(code)) errors.code = 'Code must be 3 to 32 letters, digits, - or _';
  if (v.type === 'percentage') {
    const n = Number(v.value);
    if (!v.value.trim() || !Number.isFinite(n) || n <= 0) errors.value = 'Enter a percentage like 10 or 12.5';
    else if (n > 100) errors.value = 'A percentage cannot be more than 100';
    else if (!/^\d+(\.\d{1,2})?$/.test(v.value.trim()))
      errors.value = 'A percentage can have at most two decimals';
  } else {
    const minor = toMinor(v.value, currency);
    if (minor === null || minor <= 0) errors.value = 'Enter an amount like 500 or 500.50';
  }
  if (v.min_order_amount.trim() && toMinor(v.min_order_amount, currency) === null)
    errors.min_order_amount = 'Enter an amount like 5000';
  if (v.usage_limit.trim() && !/^[1-9]\d*$/.test(v.usage_limit.trim()))
    errors.usage_limit = 'Usage limit must be a whole number of at least 1';
  if (v.applies_to === 'products' && !v.product_ids.length)
    errors.product_ids = 'Choose at least one product';
  if (v.applies_to === 'categories' && !v.category_ids.length)
    errors.category_ids = 'Choose at least one category';
  if (v.starts_at && v.ends_at && v.ends_at < v.starts_at) errors.ends_at = 'The end must be after the start';
  return errors;
}

/** The body as sent: on edit, cleared optional fields are sent as null so they are cleared. */
function toBody(v: DiscountValues, currency: string, editing: boolean): CreateDiscountBody {
  const orNull = <T,>(value: T | null) => (value === null ? (editing ? null : undefined) : value);
  const code = v.code.trim().toUpperCase();
  return {
    name: v.name.trim(),
    ...(code ? { code } : {}),
    type: v.type,
    value: v.type === 'percentage' ? Number(v.value) : (toMinor(v.value, currency) ?? 0),
    applies_to: v.applies_to,
    product_ids: v.applies_to === 'products' ? v.product_ids : [],
    category_ids: v.applies_to === 'categories' ? v.category_ids : [],
    min_order_amount: orNull(v.min_order_amount.trim() ? toMinor(v.min_order_amount, currency) : null),
    usage_limit: orNull(v.usage_limit.trim() ? Number(v.usage_limit) : null),
    starts_at: orNull(v.starts_at || null),
    ends_at: orNull(v.ends_at || null),
    is_active: v.is_active,
  };
}

/** Products picked by search; the names of those already chosen are fetched once. */
function ProductPicker({
  value,
  onChange,
  error,
}: {
  value: string[];
  onChange: (ids: string[]) => void;
  error?: string;
}) {
  const storeId = useStoreId();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const results = useDiscountProducts(debounced);
  const [names, setNames] = useState<Record<string, string>>({});
  const chosen = useQueries({
    queries: value.filter((id) => !names[id]).map((id) => discountProductQuery(storeId, id)),
  });
  const known: Record<string, string> = { ...names };
  for (const q of chosen) if (q.data) known[q.data.id] = q.data.name;
  for (const p of results.data ?? []) known[p.id] = p.name;
  const ids = [...new Set([...value, ...(results.data ?? []).map((p) => p.id)])];
  return (
    <MultiSelect
      label="Products"
      placeholder="Search products"
      searchable
      data={ids.map((id) => ({ value: id, label: known[id] ?? 'Loading…' }))}
      value={value}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      error={error}
      nothingFoundMessage={debounced ? 'No product matches' : 'Type to search'}
      onChange={(next) => {
        setNames(known);
        onChange(next);
      }}
    />
  );
}

function DiscountForm({ discount }: { discount?: Discount }) {
  const navigate = useNavigate();
  const { currency, timezone } = useStoreLocale();
  const editing = Boolean(discount);
  const form = useForm<DiscountValues>({
    mode: 'controlled',
    initialValues: discount ? fromDiscount(discount, currency, timezone) : blank,
    validate: (values) => validate(values, currency),
  });
  const categories = useCategories();
  const create = useCreateDiscount({
    onSuccess: () => {
      notify.success(MESSAGES.discountAdded);
      navigate('/sales/discounts');
    },
    onError: (error) => showFormError(form, error),
  });
  const update = useUpdateDiscount({
    onSuccess: () => {
      notify.success('Discount updated successfully');
      navigate('/sales/discounts');
    },
    onError: (error) => showFormError(form, error),
  });
  const values = form.getValues();
  const busy = create.isPending || update.isPending;

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((v) => {
        const body = toBody(v, currency, editing);
        if (discount) update.mutate({ id: discount.id, body });
        else create.mutate(body);
      })}
    >
      <Stack gap="lg">
        <Section title="Discount">
          <Stack gap="sm" maw={720}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                label="Discount name"
                required
                placeholder="Weekend sale"
                data-autofocus
                {...form.getInputProps('name')}
              />
              <TextInput
                label="Code"
                placeholder="Generated from the name when empty"
                description="What the customer gives at the till"
                {...form.getInputProps('code')}
                onChange={(e) => form.setFieldValue('code', e.currentTarget.value.toUpperCase())}
              />
            </SimpleGrid>
            <div>
              <Text size="sm" fw={500} mb={4}>
                Type
              </Text>
              <SegmentedControl
                aria-label="Type"
                data={[
                  { value: 'percentage', label: 'Percentage' },
                  { value: 'fixed', label: 'Fixed amount' },
                ]}
                {...form.getInputProps('type')}
              />
            </div>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                label={values.type === 'percentage' ? 'Percentage off' : 'Amount off'}
                required
                inputMode="decimal"
                placeholder={values.type === 'percentage' ? '10' : '500.00'}
                rightSection={values.type === 'percentage' ? '%' : undefined}
                {...form.getInputProps('value')}
              />
              <TextInput
                label="Minimum order amount"
                inputMode="decimal"
                placeholder="No minimum"
                {...form.getInputProps('min_order_amount')}
              />
            </SimpleGrid>
            <div>
              <Text size="sm" fw={500} mb={4}>
                Applies to
              </Text>
              <SegmentedControl
                aria-label="Applies to"
                data={[
                  { value: 'order', label: 'Whole order' },
                  { value: 'products', label: 'Products' },
                  { value: 'categories', label: 'Categories' },
                ]}
                {...form.getInputProps('applies_to')}
              />
            </div>
            {values.applies_to === 'products' && (
              <ProductPicker
                value={values.product_ids}
                onChange={(ids) => form.setFieldValue('product_ids', ids)}
                error={form.errors.product_ids as string | undefined}
              />
            )}
            {values.applies_to === 'categories' && (
              <MultiSelect
                label="Categories"
                placeholder={categories.isPending ? 'Loading…' : 'Choose categories'}
                searchable
                data={(categories.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
                nothingFoundMessage="No categories yet: add them on the products screen"
                {...form.getInputProps('category_ids')}
              />
            )}
          </Stack>
        </Section>
        <Section title="Limits and dates">
          <Stack gap="sm" maw={720}>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <TextInput
                label="Usage limit"
                inputMode="numeric"
                placeholder="No limit"
                description={discount ? `Used ${discount.used_count} times` : 'Total uses across customers'}
                {...form.getInputProps('usage_limit')}
              />
              <TextInput type="date" label="Starts" {...form.getInputProps('starts_at')} />
              <TextInput type="date" label="Ends" {...form.getInputProps('ends_at')} />
            </SimpleGrid>
            <Switch
              label="Active"
              description="Switched off, the code is refused at the till."
              {...form.getInputProps('is_active', { type: 'checkbox' })}
            />
          </Stack>
        </Section>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => navigate('/sales/discounts')} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            {editing ? 'Save discount' : 'Add discount'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** `/sales/discounts/create` and `/sales/discounts/edit/{id}`. */
export default function DiscountFormScreen() {
  const { id } = useParams();
  const discount = useDiscount(id);
  const crumbs = [{ label: 'Sales' }, { label: 'Discounts', to: '/sales/discounts' }];
  if (!id) {
    return (
      <Stack gap="lg">
        <PageHeader title="Add discount" breadcrumbs={[...crumbs, { label: 'Add' }]} />
        <DiscountForm />
      </Stack>
    );
  }
  if (discount.isPending) return <LoadingState rows={8} label="Loading discount" />;
  if (discount.isError) return <ErrorState error={discount.error} onRetry={() => void discount.refetch()} />;
  return (
    <Stack gap="lg">
      <PageHeader
        title={discount.data.name}
        badge={<StatusBadge status={discount.data.status} />}
        breadcrumbs={[...crumbs, { label: discount.data.code }]}
      />
      <DiscountForm key={discount.data.id} discount={discount.data} />
    </Stack>
  );
}
