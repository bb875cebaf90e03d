import { Stack } from '@mantine/core';
import { PageHeader } from './page-header';
import { EmptyState } from './states';

/**
 * A screen the user's role does not open (the dashboard, the reports): its header, what is
 * closed and whom to ask, in place of the screen.
 */
export function NotInRoleScreen({ title, closed, ask }: { title: string; closed: string; ask: string }) {
  return (
    <Stack gap="lg">
      <PageHeader title={title} />
      <EmptyState title={closed} description={ask} />
    </Stack>
  );
}
