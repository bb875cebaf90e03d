import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * One product's line in a dialog that asks how many (units to refund, units received): its name
 * and a dimmed detail on the left, the count's input on the right, kept whole beside a long name
 * on a phone. A group named by the product, so each input is found by it.
 */
export function QuantityLine({
  name,
  detail,
  children,
}: {
  name: string;
  detail: ReactNode;
  children: ReactNode;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm" role="group" aria-label={name}>
      <div style={{ minWidth: 0 }}>
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {name}
        </Text>
        <Text size="xs" c="dimmed">
          {detail}
        </Text>
      </div>
      <div style={{ flexShrink: 0 }}>{children}</div>
    </Group>
  );
}
