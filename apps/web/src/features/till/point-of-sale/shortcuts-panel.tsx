import { Group, Kbd, Paper, SimpleGrid, Text } from '@mantine/core';
import { useHasKeyboard } from './use-has-keyboard';

/** The till's shortcuts: function keys work while the scan box has focus, as scanners type there. */
export const SHORTCUTS = [
  { keys: 'F2', label: 'Scan box' },
  { keys: 'F3', label: 'Search products' },
  { keys: 'F4', label: 'Customer' },
  { keys: 'F6', label: 'Hold sale' },
  { keys: 'F7', label: 'Discount code' },
  { keys: 'F8', label: 'Amount received' },
  { keys: 'F9', label: 'Complete sale' },
  { keys: 'Alt+X', label: 'Clear cart' },
];

export function ShortcutsPanel() {
  // Only where there is a keyboard (issue 31): a touch screen has no F keys.
  if (!useHasKeyboard()) return null;
  return (
    <Paper withBorder radius="md" p="md" visibleFrom="sm">
      <Text size="sm" fw={600} mb={6}>
        Keyboard shortcuts
      </Text>
      <SimpleGrid cols={2} spacing={4} verticalSpacing={4}>
        {SHORTCUTS.map((s) => (
          <Group key={s.keys} gap={6} wrap="nowrap">
            <Kbd size="xs">{s.keys}</Kbd>
            <Text size="xs" c="dimmed">
              {s.label}
            </Text>
          </Group>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
