import { ActionIcon, Box, Button, Drawer, Group, Stack, Text } from '@mantine/core';
import { IconCamera, IconShoppingCart } from '@tabler/icons-react';
import { memo, type ReactNode } from 'react';
import { useOpenedOnce } from '../../../lib/use-opened-once';
import { formatMoney } from '../../../lib/format';

/**
 * The phone till's pieces (issue 31, decision 0056): the "Charge" bar fixed at the bottom of the
 * screen, and the cart as a bottom sheet whose "Complete sale" stays in view however long the
 * cart is, so a sale is completed without scrolling.
 */

/** The bar's height: the page keeps this much room under its last panel. */
export const CHARGE_BAR_SPACE = 84;

export const ChargeBar = memo(function ChargeBar({
  count,
  total,
  currency,
  onOpen,
}: {
  /** Units in the cart. */
  count: number;
  /** The priced total, or null while it is being priced. */
  total: number | null;
  currency: string;
  onOpen: () => void;
}) {
  return (
    <Box
      role="region"
      aria-label="Charge"
      style={{
        position: 'fixed',
        left: 0,
        right: 0,
        bottom: 0,
        // The app's layer: above the screen, below the menu drawer (the app's layer + 1), which
        // opens over it with its last entries tappable, and below dialogs and the cart sheet.
        zIndex: 'var(--mantine-z-index-app)',
        padding: '10px 12px calc(10px + env(safe-area-inset-bottom))',
        background: 'var(--mantine-color-body)',
        borderTop: '1px solid var(--mantine-color-default-border)',
      }}
    >
      <Button
        size="lg"
        fullWidth
        h={52}
        disabled={count === 0}
        onClick={onOpen}
        leftSection={<IconShoppingCart size={20} />}
        styles={{ label: { width: '100%', justifyContent: 'space-between', display: 'flex', gap: 8 } }}
      >
        <span>{count === 0 ? 'Cart empty' : `${count} item${count === 1 ? '' : 's'}`}</span>
        <span>Charge {total !== null ? formatMoney(total, currency) : '…'}</span>
      </Button>
    </Box>
  );
});

/** The camera button beside the scan box; it opens the camera scanner (loaded on the first press). */
export function CameraButton({ onPress, loading }: { onPress: () => void; loading: boolean }) {
  return (
    <ActionIcon
      size={42}
      variant="light"
      aria-label="Scan with the camera"
      loading={loading}
      onClick={onPress}
    >
      <IconCamera size={22} />
    </ActionIcon>
  );
}

/** The cart as a bottom sheet: its contents scroll, "Complete sale" (`footer`) stays at the bottom. */
export function CartSheet({
  opened,
  onClose,
  count,
  children,
  footer,
}: {
  opened: boolean;
  onClose: () => void;
  count: number;
  children: ReactNode;
  footer: ReactNode;
}) {
  // Drawn from the first time it opens, then kept for its closing transition: a closed Drawer
  // still mounts its portal and transitions on the till's first paint (decision 0023, addendum).
  const openedOnce = useOpenedOnce(opened);
  if (!openedOnce) return null;
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="bottom"
      size="92%"
      title={
        <Text fw={600}>
          Cart · {count} item{count === 1 ? '' : 's'}
        </Text>
      }
      styles={{
        content: { display: 'flex', flexDirection: 'column', borderRadius: '16px 16px 0 0' },
        body: { flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column', padding: 0 },
      }}
    >
      <Stack gap="md" px="md" pb="md" style={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>
        {children}
      </Stack>
      <Group
        px="md"
        py="sm"
        style={{
          borderTop: '1px solid var(--mantine-color-default-border)',
          paddingBottom: 'calc(var(--mantine-spacing-sm) + env(safe-area-inset-bottom))',
        }}
      >
        <Box style={{ flex: 1 }}>{footer}</Box>
      </Group>
    </Drawer>
  );
}
