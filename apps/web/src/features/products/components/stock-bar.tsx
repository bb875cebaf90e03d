import { Progress, Stack, Text } from '@mantine/core';
import type { Product } from '@tillbook/contract/products';

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

/** Stock on hand as a bar against the low-stock threshold. */
export function StockBar({
  product,
}: {
  product: Pick<Product, 'track_stock' | 'quantity' | 'low_stock_threshold' | 'stock_status' | 'unit'>;
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
        {product.quantity.toLocaleString('en')}
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
