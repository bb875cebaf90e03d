import { ActionIcon, Button, CopyButton, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type { ReactNode } from 'react';

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
        {value && (
          <CopyButton value={value} timeout={1500}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? 'Copied' : `Copy ${label.toLowerCase()}`} withArrow>
                <ActionIcon
                  variant="subtle"
                  onClick={copy}
                  aria-label={`Copy ${label.toLowerCase()}`}
                  color={copied ? 'teal' : undefined}
                >
                  {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        )}
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
