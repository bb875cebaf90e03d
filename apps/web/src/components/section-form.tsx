import { Button, Group, Stack } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';
import { Section } from './states';

/**
 * A settings section that is one form: its fields one under the other and, on the right under
 * them, the button that saves it (left out for someone who may only look).
 */
export function SectionForm({
  title,
  description,
  onSubmit,
  submitLabel,
  loading,
  canSubmit = true,
  children,
}: {
  title: string;
  description?: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel: ReactNode;
  loading: boolean;
  canSubmit?: boolean;
  children: ReactNode;
}) {
  return (
    <Section title={title} description={description}>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          {children}
          {canSubmit && (
            <Group justify="flex-end">
              <Button type="submit" loading={loading}>
                {submitLabel}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Section>
  );
}
