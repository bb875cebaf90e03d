import { Group, Paper, Text, UnstyledButton, type MantineSpacing } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Product } from '@tillbook/contract/products';
import type { CSSProperties, ReactNode } from 'react';
import { messageOf } from '../lib/api-client';

interface ProductSearchResultsProps {
  /** The (debounced) text searched for; nothing is shown while it is empty. */
  query: string;
  results: UseQueryResult<Product[], Error>;
  onPick: (product: Product) => void;
  /** What a row shows on the right of the name (stock, price…), each screen its own. */
  detail: (product: Product) => ReactNode;
  detailStyle?: CSSProperties;
  mt?: MantineSpacing;
}

/**
 * The list under a product search box (the till's and the purchase order's): searching, the
 * error, "no match", or one button per product that picks it.
 */
export function ProductSearchResults({
  query,
  results,
  onPick,
  detail,
  detailStyle,
  mt,
}: ProductSearchResultsProps) {
  if (!query) return null;
  return (
    <Paper withBorder radius="md" p={4} mt={mt} role="region" aria-label="Product search results">
      {results.isPending ? (
        <Text size="sm" c="dimmed" p="xs">
          Searching…
        </Text>
      ) : results.isError ? (
        <Text size="sm" c="red" p="xs">
          {messageOf(results.error)}
        </Text>
      ) : results.data.length === 0 ? (
        <Text size="sm" c="dimmed" p="xs">
          No product matches “{query}”.
        </Text>
      ) : (
        results.data.map((p) => (
          <UnstyledButton key={p.id} w="100%" p="xs" style={{ borderRadius: 6 }} onClick={() => onPick(p)}>
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm" fw={500} truncate>
                {p.name}
              </Text>
              <Text size="xs" c="dimmed" style={detailStyle}>
                {detail(p)}
              </Text>
            </Group>
          </UnstyledButton>
        ))
      )}
    </Paper>
  );
}
