import { Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The title of an onboarding step and the sentence under it saying what it is for. */
export function StepHeading({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <Title order={2} fz={24}>
        {title}
      </Title>
      <Text c="dimmed" size="sm" mt={4}>
        {children}
      </Text>
    </div>
  );
}
