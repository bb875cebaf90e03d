import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The buttons at the foot of a dialog's or a screen's form, on the right: Cancel, then the one
 * that sends the form (its spinner while it is on its way).
 */
export function FormActions({
  onCancel,
  submitLabel,
  loading,
  cancelDisabled,
}: {
  onCancel: () => void;
  submitLabel: ReactNode;
  loading: boolean;
  /** Cancel cannot be pressed (while the change is on its way). */
  cancelDisabled?: boolean;
}) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel} disabled={cancelDisabled}>
        Cancel
      </Button>
      <Button type="submit" loading={loading}>
        {submitLabel}
      </Button>
    </Group>
  );
}
