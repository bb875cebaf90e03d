import { ActionIcon, CopyButton, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

/** A small copy button for `value`, named "Copy {what}", that says "Copied" for a moment after. */
export function CopyAction({ value, what }: { value: string; what: string }) {
  return (
    <CopyButton value={value} timeout={1500}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? 'Copied' : `Copy ${what}`} withArrow>
          <ActionIcon
            variant="subtle"
            onClick={copy}
            aria-label={`Copy ${what}`}
            color={copied ? 'teal' : undefined}
          >
            {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}
