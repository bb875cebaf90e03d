import {
  MultiSelect,
  SegmentedControl,
  type SegmentedControlProps,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueries } from '@tanstack/react-query';
import { MESSAGES } from '@tillbook/contract/constants';
import { createDiscountBody, type Discount } from '@tillbook/contract/discounts';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { MoneyInput } from '../../../components/money-input';
import { PageHeader } from '../../../components/page-header';
import { StatusBadge } from '../../../components/status-badge';
import { ErrorState, LoadingState, Section } from '../../../components/states';
import { useStoreId, useStoreLocale } from '../../../lib/current-user';
import { showFormError, useSchemaForm } from '../../../lib/forms';
import { notify } from '../../../lib/toast';
import {
  discountProductQuery,
  useCategories,
  useCreateDiscount,
  useDiscount,
  useDiscountProducts,
  useUpdateDiscount,
} from '../api/discounts';
import {
  blankDiscount,
  discountChecks,
  fromDiscount,
  toDiscountBody,
  type DiscountValues,
} from '../components/discount-values';
import { paths } from '../../../config/paths';
import { FormActions } from '../../../components/form-actions';

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

/** A choice of a few options with its label above, named by that label for screen readers. */
function LabelledChoice({ label, ...props }: SegmentedControlProps & { label: string }) {
  return (
    <div>
      <Text size="sm" fw={500} mb={4}>
        {label}
      </Text>
      <SegmentedControl aria-label={label} {...props} />
    </div>
  );
}

function DiscountForm({ discount }: { discount?: Discount }) {
  const navigate = useNavigate();
  const { timezone } = useStoreLocale();
  const editing = Boolean(discount);
  const form = useSchemaForm<DiscountValues>(
    createDiscountBody,
    discount ? fromDiscount(discount, timezone) : blankDiscount,
    discountChecks,
  );
  const categories = useCategories();
  const create = useCreateDiscount({
    onSuccess: () => {
      notify.success(MESSAGES.discountAdded);
      navigate(paths.discounts);
    },
    onError: (error) => showFormError(form, error),
  });
  const update = useUpdateDiscount({
    onSuccess: () => {
      notify.success('Discount updated successfully');
      navigate(paths.discounts);
    },
    onError: (error) => showFormError(form, error),
  });
  const values = form.getValues();
  const busy = create.isPending || update.isPending;

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((v) => {
        const body = toDiscountBody(v, editing);
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
            <LabelledChoice
              label="Type"
              data={[
                { value: 'percentage', label: 'Percentage' },
                { value: 'fixed', label: 'Fixed amount' },
              ]}
              {...form.getInputProps('type')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {values.type === 'percentage' ? (
                <TextInput
                  label="Percentage off"
                  required
                  inputMode="decimal"
                  placeholder="10"
                  rightSection="%"
                  {...form.getInputProps('value')}
                />
              ) : (
                <MoneyInput
                  label="Amount off"
                  required
                  placeholder="500.00"
                  {...form.getInputProps('amount')}
                  // The body's field is `value`: the contract's and the server's messages are there.
                  error={form.errors.amount ?? form.errors.value}
                  onChange={(minor) => {
                    form.setFieldValue('amount', minor);
                    form.clearFieldError('value');
                  }}
                />
              )}
              <MoneyInput
                label="Minimum order amount"
                placeholder="No minimum"
                {...form.getInputProps('min_order_amount')}
              />
            </SimpleGrid>
            <LabelledChoice
              label="Applies to"
              data={[
                { value: 'order', label: 'Whole order' },
                { value: 'products', label: 'Products' },
                { value: 'categories', label: 'Categories' },
              ]}
              {...form.getInputProps('applies_to')}
            />
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
        <FormActions
          onCancel={() => navigate(paths.discounts)}
          submitLabel={editing ? 'Save discount' : 'Add discount'}
          loading={busy}
          cancelDisabled={busy}
        />
      </Stack>
    </form>
  );
}

/** paths.discountCreate and `/sales/discounts/edit/{id}`. */
export default function DiscountFormScreen() {
  const { id } = useParams();
  const discount = useDiscount(id);
  const crumbs = [{ label: 'Sales' }, { label: 'Discounts', to: paths.discounts }];
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
