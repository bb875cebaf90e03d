import { Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { CopyAction } from '../../../components/copy-action';

/** One key: its label, the key (whole or masked), a copy button when whole, and its actions. */
export function KeyField({
  label,
  value,
  masked,
  note,
  actions,
  testId,
}: {
  label: string;
  /** The whole key, when the screen may show it. */
  value: string | null;
  masked: string;
  note?: ReactNode;
  actions?: ReactNode;
  testId: string;
}) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap" align="center">
        <Text
          ff="monospace"
          size="sm"
          data-testid={testId}
          style={{ wordBreak: 'break-all', flex: 1, minWidth: 0 }}
        >
          {value ?? masked}
        </Text>
        {value && <CopyAction value={value} what={label.toLowerCase()} />}
      </Group>
      {note}
      {actions && <Group gap="xs">{actions}</Group>}
    </Stack>
  );
}

export function SmallButton(props: {
  children: ReactNode;
  onClick: () => void;
  color?: string;
  label: string;
}) {
  return (
    <Button size="xs" variant="light" color={props.color} onClick={props.onClick} aria-label={props.label}>
      {props.children}
    </Button>
  );
}
