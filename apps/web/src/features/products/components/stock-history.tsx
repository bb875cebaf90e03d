import { Text } from '@mantine/core';
import { STOCK_REASON_LABELS, type Product, type StockMovement } from '@tillbook/contract/products';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { column, dateTimeColumn } from '../../../components/columns';
import { DataTable } from '../../../components/data-table';
import { listTableProps } from '../../../components/list-screen';
import { EmptyState } from '../../../components/states';
import { useTableState } from '../../../lib/use-table-state';
import { useStockMovements } from '../api/stock';
import { paths } from '../../../config/paths';
import { variantLabel } from './stock-text';

/** Where a movement came from, when it links somewhere (an order, a purchase order). */
function referenceLink(m: StockMovement): string | null {
  if (!m.reference_id) return null;
  if (m.reference_type === 'order') return paths.order(m.reference_id);
  if (m.reference_type === 'purchase_order') return paths.purchaseOrder(m.reference_id);
  return null;
}

/**
 * The product's stock ledger, newest first: every change with its reason and who made it, and
 * for a product with several variants, whose stock it was.
 */
export function StockHistory({ product }: { product: Pick<Product, 'id' | 'variants'> }) {
  const state = useTableState('stock-history');
  const movements = useStockMovements(product.id, state.page, state.perPage);
  const several = product.variants.length > 1;
  const columns = useMemo<ColumnDef<StockMovement, unknown>[]>(
    () => [
      dateTimeColumn<StockMovement>('date', 'Date', (m) => m.created_at),
      ...(several
        ? [
            column<StockMovement>('variant', 'Variant', (m) => variantLabel(product, m.variant_id), {
              wrap: true,
            }),
          ]
        : []),
      {
        id: 'reason',
        header: 'Reason',
        enableSorting: false,
        cell: ({ row }) => {
          const to = referenceLink(row.original);
          const label = STOCK_REASON_LABELS[row.original.reason] ?? row.original.reason;
          return to ? (
            <Text component={Link} to={to} size="sm" c="brand">
              {label}
            </Text>
          ) : (
            label
          );
        },
      },
      {
        id: 'change',
        header: 'Change',
        enableSorting: false,
        meta: { card: 'figure' },
        cell: ({ row }) => {
          const c = row.original.quantity_change;
          return (
            <Text size="sm" fw={600} c={c < 0 ? 'red' : 'green'}>
              {c > 0 ? `+${c}` : c}
            </Text>
          );
        },
      },
      column<StockMovement>('after', 'Stock', (m) => `${m.quantity_before} → ${m.quantity_after}`),
      column<StockMovement>('by', 'By', (m) => m.actor_name ?? (m.actor_type === 'system' ? 'System' : '—')),
      column<StockMovement>('note', 'Note', (m) => m.note ?? '', { wrap: true }),
    ],
    [several, product],
  );
  return (
    <DataTable
      label="Stock history"
      columns={columns}
      {...listTableProps(movements)}
      state={state}
      getRowId={(m) => m.id}
      empty={
        <EmptyState
          title="No stock movements yet"
          description="Sales, receipts and adjustments appear here."
        />
      }
    />
  );
}
