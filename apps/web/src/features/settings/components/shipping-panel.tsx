import { Button, Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { IconPlus } from '@tabler/icons-react';
import type { ShippingRate } from '@tillbook/contract/shipping';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable } from '../../../components/data-table';
import { Money } from '../../../components/money';
import { EmptyState, Section } from '../../../components/states';
import { StatusBadge } from '../../../components/status-badge';
import { messageOf } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useTableState } from '../../../lib/use-table-state';
import { useDeleteShippingRate } from '../api/delete-shipping-rate';
import { useShippingRates } from '../api/list-shipping-rates';
import { RowActions } from './row-actions';
import { ShippingRateModal } from './shipping-rate-modal';
import { estimateText, regionText } from './shipping-rate-values';

/** Settings → Shipping: the delivery rates the point of sale offers. */
export function ShippingPanel({ canEdit, country }: { canEdit: boolean; country: string | null }) {
  const rates = useShippingRates();
  const state = useTableState('shipping');
  // undefined: closed; null: adding; a rate: editing it.
  const [editing, setEditing] = useState<ShippingRate | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<ShippingRate | null>(null);
  const remove = useDeleteShippingRate({
    onSuccess: () => {
      notify.success('Shipping rate deleted');
      setDeleting(null);
    },
    onError: (error) => notify.error(messageOf(error)),
  });

  const columns = useMemo<ColumnDef<ShippingRate, unknown>[]>(
    () => [
      {
        id: 'name',
        header: 'Name',
        accessorFn: (r) => r.name,
        cell: ({ row }) => (
          <div>
            <Text size="sm" fw={500}>
              {row.original.name}
            </Text>
            {row.original.estimated_days && (
              <Text size="xs" c="dimmed">
                {estimateText(row.original.estimated_days)}
              </Text>
            )}
          </div>
        ),
      },
      { id: 'region', header: 'Delivers to', accessorFn: regionText, meta: { wrap: true } },
      {
        id: 'fee',
        header: 'Fee',
        accessorFn: (r) => r.fee,
        cell: ({ row }) => <Money minor={row.original.fee} />,
      },
      {
        id: 'status',
        header: 'Status',
        accessorFn: (r) => (r.is_active ? 'active' : 'inactive'),
        cell: ({ getValue }) => <StatusBadge status={String(getValue())} />,
      },
      ...(canEdit
        ? [
            {
              id: 'actions',
              header: '',
              enableSorting: false,
              cell: ({ row }: { row: { original: ShippingRate } }) => (
                <RowActions
                  editLabel={`Edit ${row.original.name}`}
                  deleteLabel={`Delete ${row.original.name}`}
                  onEdit={() => setEditing(row.original)}
                  onDelete={() => setDeleting(row.original)}
                />
              ),
            } satisfies ColumnDef<ShippingRate, unknown>,
          ]
        : []),
    ],
    [canEdit],
  );

  const add = canEdit ? (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)}>
      Add shipping rate
    </Button>
  ) : undefined;

  return (
    <Section
      title="Shipping rates"
      description="Delivery fees the point of sale offers. A rate covers a country, or some of its states; the fee is added to the order untaxed."
      actions={add}
    >
      {!canEdit && (
        <Text size="sm" c="dimmed" mb="sm">
          Only a role with “Edit store details, shipping and tax settings” can change shipping rates.
        </Text>
      )}
      <DataTable
        label="Shipping rates"
        columns={columns}
        data={rates.data}
        state={state}
        loading={rates.isPending}
        error={rates.error}
        onRetry={() => void rates.refetch()}
        getRowId={(r) => r.id}
        empty={
          <EmptyState
            title="No shipping rates yet"
            description="Add a delivery rate to offer it at the point of sale, for example Lagos express, delivered in 1–2 days."
            action={add}
          />
        }
      />
      {editing !== undefined && (
        <ShippingRateModal
          key={editing?.id ?? 'new'}
          rate={editing}
          country={country}
          onClose={() => setEditing(undefined)}
        />
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete this shipping rate?"
        message={
          deleting &&
          `"${deleting.name}" will no longer be offered at the point of sale. Orders that used it keep their fee.`
        }
        confirmLabel="Delete rate"
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
      />
    </Section>
  );
}
