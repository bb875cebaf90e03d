import { ActionIcon, Group, Select, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconUserPlus } from '@tabler/icons-react';
import { lazy, Suspense, useState, type Ref } from 'react';
import { useCustomerSearch } from '../api/lookups';
import { loadWithRetry } from '../../../lib/lazy-screen';
import { useOpenedOnce } from '../../../lib/use-opened-once';
import type { CartCustomer } from './cart';

// The new-customer form loads when first opened, or sooner when the cashier turns to the customer
// box: it checks with the contract's schema, and zod is not loaded with the till (decision 0060).
const loadQuickAdd = () => loadWithRetry(() => import('./quick-add-customer'));
const QuickAddModal = lazy(async () => ({ default: (await loadQuickAdd()).QuickAddModal }));

const label = (c: CartCustomer) => (c.phone_number ? `${c.name} · ${c.phone_number}` : c.name);

/** Who the sale is for: searched by name, phone or email, or added on the spot; empty is a walk-in. */
export function CustomerPicker({
  value,
  onChange,
  inputRef,
  onDone,
}: {
  value: CartCustomer | null;
  onChange: (customer: CartCustomer | null) => void;
  inputRef?: Ref<HTMLInputElement>;
  /** Called when a choice is made, so the till can return focus to the scan box. */
  onDone?: () => void;
}) {
  const [search, setSearch] = useState('');
  const [adding, setAdding] = useState(false);
  const addingOnce = useOpenedOnce(adding);
  const typed = value && search.trim() === label(value) ? '' : search.trim();
  const [debounced] = useDebouncedValue(typed, 250);
  const results = useCustomerSearch(debounced);
  const found: CartCustomer[] = (results.data ?? [])
    .filter((c) => c.is_active)
    .map((c) => ({ id: c.id, name: c.full_name, phone_number: c.phone_number }));
  const options = value && !found.some((c) => c.id === value.id) ? [value, ...found] : found;

  return (
    <>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <Select
          ref={inputRef}
          label="Customer"
          placeholder="Walk-in · search name or phone"
          searchable
          clearable
          onFocus={() => void loadQuickAdd().catch(() => undefined)}
          style={{ flex: 1 }}
          data={options.map((c) => ({ value: c.id, label: label(c) }))}
          value={value?.id ?? null}
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options: all }) => all}
          nothingFoundMessage={
            debounced ? (results.isPending ? 'Searching…' : 'No customer matches') : 'Type to search'
          }
          onChange={(id) => {
            onChange(options.find((c) => c.id === id) ?? null);
            onDone?.();
          }}
        />
        <Tooltip label="New customer">
          <ActionIcon
            variant="default"
            size="input-sm"
            aria-label="New customer"
            onClick={() => setAdding(true)}
          >
            <IconUserPlus size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
      {addingOnce && (
        <Suspense fallback={null}>
          <QuickAddModal
            opened={adding}
            onClose={() => {
              setAdding(false);
              onDone?.();
            }}
            onAdded={(c) => {
              onChange(c);
              setSearch(label(c));
            }}
          />
        </Suspense>
      )}
    </>
  );
}
