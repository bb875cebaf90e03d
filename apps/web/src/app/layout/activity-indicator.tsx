import { Group, Loader, Text } from '@mantine/core';
import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import type { MutationKind } from '../../lib/query-client';

const LABELS: Record<MutationKind, string> = {
  create: 'Creating…',
  save: 'Saving…',
  update: 'Updating…',
  delete: 'Deleting…',
};

function useKind(kind: MutationKind): number {
  return useIsMutating({ predicate: (m) => m.options.meta?.kind === kind && !m.state.isPaused });
}

/**
 * One indicator each for loading, fetching, creating, saving, updating and deleting
 * (spec section 4), in the header so it is visible on every screen.
 */
export function ActivityIndicator() {
  const loading = useIsFetching({ predicate: (q) => q.state.status === 'pending' });
  const fetching = useIsFetching() - loading;
  const counts: Record<MutationKind, number> = {
    create: useKind('create'),
    save: useKind('save'),
    update: useKind('update'),
    delete: useKind('delete'),
  };
  const paused = useIsMutating({ predicate: (m) => m.state.isPaused });
  const kind = (Object.keys(counts) as MutationKind[]).find((k) => counts[k] > 0);
  const label = kind
    ? LABELS[kind]
    : loading > 0
      ? 'Loading…'
      : fetching > 0
        ? 'Refreshing…'
        : paused > 0
          ? `${paused} change${paused === 1 ? '' : 's'} waiting for a connection`
          : null;
  return (
    <Group
      gap={6}
      aria-live="polite"
      role="status"
      data-activity={kind ?? (loading ? 'loading' : fetching ? 'fetching' : 'idle')}
      miw={0}
    >
      {label && (
        <>
          <Loader size={14} type={kind ? 'oval' : 'dots'} />
          <Text size="xs" c="dimmed" visibleFrom="xs">
            {label}
          </Text>
        </>
      )}
    </Group>
  );
}
