import { Badge, Button, Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { IconPlus } from '@tabler/icons-react';
import type { TaxRule } from '@tillbook/contract/tax';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable } from '../../../components/data-table';
import { EmptyState, Section } from '../../../components/states';
import { messageOf } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useTableState } from '../../../lib/use-table-state';
import { useDeleteTaxRule } from '../api/delete-tax-rule';
import { useTaxRules } from '../api/list-tax-rules';
import { RowActions } from './row-actions';
import { TaxRuleModal } from './tax-rule-modal';
import { ratesText, statesText } from './tax-rule-values';

const placeText = (r: TaxRule) => `${r.country} (${statesText(r.states)})`;

/** Settings → Tax: the rules orders are taxed by, per country and state. */
export function TaxPanel({
  canEdit,
  place,
}: {
  canEdit: boolean;
  /** The store's country and state, where a new rule starts. */
  place: { country: string | null; state: string | null };
}) {
  const rules = useTaxRules();
  const state = useTableState('tax');
  // undefined: closed; null: adding; a rule: editing it.
  const [editing, setEditing] = useState<TaxRule | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<TaxRule | null>(null);
  const remove = useDeleteTaxRule({
    onSuccess: () => {
      notify.success('Tax rule deleted');
      setDeleting(null);
    },
    onError: (error) => notify.error(messageOf(error)),
  });

  const columns = useMemo<ColumnDef<TaxRule, unknown>[]>(
    () => [
      { id: 'country', header: 'Country', accessorFn: (r) => r.country },
      { id: 'states', header: 'States', accessorFn: (r) => statesText(r.states), meta: { wrap: true } },
      { id: 'rates', header: 'Rates', accessorFn: (r) => ratesText(r.rates) },
      {
        id: 'inclusive',
        header: 'Prices',
        accessorFn: (r) => (r.inclusive ? 'Include tax' : 'Tax added'),
        cell: ({ row }) => (
          <Badge variant="light" color={row.original.inclusive ? 'gray' : 'brand'}>
            {row.original.inclusive ? 'Include tax' : 'Tax added'}
          </Badge>
        ),
      },
      ...(canEdit
        ? [
            {
              id: 'actions',
              header: '',
              enableSorting: false,
              cell: ({ row }: { row: { original: TaxRule } }) => (
                <RowActions
                  editLabel={`Edit tax rule for ${placeText(row.original)}`}
                  deleteLabel={`Delete tax rule for ${placeText(row.original)}`}
                  onEdit={() => setEditing(row.original)}
                  onDelete={() => setDeleting(row.original)}
                />
              ),
            } satisfies ColumnDef<TaxRule, unknown>,
          ]
        : []),
    ],
    [canEdit],
  );

  const add = canEdit ? (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)}>
      Add tax rule
    </Button>
  ) : undefined;

  return (
    <Section
      title="Tax"
      description="Orders pay the rule of the customer's country and state (the store's, for a walk-in sale). A rule for all states (*) covers the states without their own."
      actions={add}
    >
      {!canEdit && (
        <Text size="sm" c="dimmed" mb="sm">
          Only a role with “Edit store details, shipping and tax settings” can change tax rules.
        </Text>
      )}
      <DataTable
        label="Tax rules"
        columns={columns}
        data={rules.data}
        state={state}
        loading={rules.isPending}
        error={rules.error}
        onRetry={() => void rules.refetch()}
        getRowId={(r) => r.id}
        empty={
          <EmptyState
            title="No tax rules yet"
            description="Until you add one, orders carry no tax. Add VAT 7.5% for your state, for example."
            action={add}
          />
        }
      />
      {editing !== undefined && (
        <TaxRuleModal
          key={editing?.id ?? 'new'}
          rule={editing}
          place={place}
          onClose={() => setEditing(undefined)}
        />
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete this tax rule?"
        message={
          deleting &&
          `${ratesText(deleting.rates)} will no longer be charged in ${placeText(deleting)}. Orders already placed keep their tax.`
        }
        confirmLabel="Delete rule"
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
      />
    </Section>
  );
}
