import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One fact of a details screen: a small label in capitals over its value, a dash when it has none. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={{ wordBreak: 'break-word' }} component="div">
        {children || '—'}
      </Text>
    </div>
  );
}
