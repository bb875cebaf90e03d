import { Button, Progress, Stack, Text } from '@mantine/core';
import { mixedUnits, type Product, type ProductPack, type ProductVariant } from '@tillbook/contract/products';
import { LinesTable } from '../../../components/lines-table';
import type { ListColumn } from '../../../components/list-card';
import { Money } from '../../../components/money';
import { StatusBadge } from '../../../components/status-badge';
import { stockText } from './stock-text';

/**
 * Where the bar ends: three times the threshold, so the threshold sits a third of the way
 * along and a healthy stock fills the bar.
 */
export function stockFill(quantity: number, threshold: number): number {
  const scale = Math.max(1, threshold * 3);
  return Math.max(0, Math.min(100, Math.round((quantity / scale) * 100)));
}

const COLOURS = { in_stock: 'green', low_stock: 'yellow', out_of_stock: 'red' } as const;
const LABELS = { in_stock: 'In stock', low_stock: 'Low stock', out_of_stock: 'Out of stock' } as const;

/** Stock on hand as a bar against the low-stock threshold; in packs where the product has them. */
export function StockBar({
  product,
}: {
  product: Pick<Product, 'track_stock' | 'quantity' | 'low_stock_threshold' | 'stock_status' | 'unit'> &
    (Pick<Product, 'variants'> | { variant_count: number; packs: ProductPack[] });
}) {
  if (!product.track_stock) {
    return (
      <Text size="sm" c="dimmed">
        Not tracked
      </Text>
    );
  }
  const state = product.stock_status;
  return (
    <Stack gap={4} miw={110}>
      <Text size="sm" fw={500} c={state === 'out_of_stock' ? 'red' : undefined}>
        {stockText(product)}
        <Text span size="xs" c="dimmed">
          {' '}
          / min {product.low_stock_threshold}
        </Text>
      </Text>
      <Progress
        value={stockFill(product.quantity, product.low_stock_threshold)}
        color={COLOURS[state]}
        size="sm"
        aria-label={`${LABELS[state]}: ${product.quantity} against a threshold of ${product.low_stock_threshold}`}
      />
    </Stack>
  );
}

export const stockLabel = (state: keyof typeof LABELS) => LABELS[state];

/**
 * The stock of each variant of a product with several: its price, its stock in packs, and
 * whether it is still sold (an archived variant stays listed while its history refers to it).
 * A card per variant on a phone.
 */
export function VariantsStock({
  product,
  onAdjust,
}: {
  product: Pick<Product, 'unit' | 'track_stock' | 'variants'>;
  /** Adjust one variant's stock (people who may manage products). */
  onAdjust?: (variantId: string) => void;
}) {
  const columns: ListColumn<ProductVariant>[] = [
    { header: 'Variant', cell: (v) => v.name || 'Default' },
    {
      header: 'Price',
      numeric: true,
      noWrap: true,
      cell: (v) => <Money minor={v.sale_price ?? v.price} />,
    },
    ...(product.track_stock
      ? [
          {
            header: 'Stock',
            numeric: true,
            card: 'figure' as const,
            cell: (v: ProductVariant) => (
              <Text
                size="sm"
                c={v.stock_status === 'out_of_stock' ? 'red' : undefined}
                fw={v.stock_status === 'in_stock' ? undefined : 600}
              >
                {mixedUnits(v.quantity, v.packs, product.unit)}
                {v.status === 'active' &&
                  v.stock_status !== 'in_stock' &&
                  ` (${LABELS[v.stock_status].toLowerCase()})`}
              </Text>
            ),
          },
        ]
      : []),
    { header: 'Status', card: 'status', cell: (v) => <StatusBadge status={v.status} /> },
    ...(onAdjust && product.track_stock
      ? [
          {
            header: 'Adjust',
            card: 'meta' as const,
            cell: (v: ProductVariant) =>
              v.status === 'active' ? (
                <Button
                  variant="subtle"
                  size="compact-xs"
                  aria-label={`Adjust stock of ${v.name || 'Default'}`}
                  onClick={() => onAdjust(v.id)}
                >
                  Adjust
                </Button>
              ) : null,
          },
        ]
      : []),
  ];
  return (
    <LinesTable
      label="Stock by variant"
      rows={product.variants}
      rowKey={(v) => v.id}
      columns={columns}
      minWidth={480}
      verticalSpacing="xs"
    />
  );
}
