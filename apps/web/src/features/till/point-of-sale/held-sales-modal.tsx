import { Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { DateTime } from '../../../components/money';
import { cartLineLabel, heldCartLabel, type HeldCart } from '../components/cart';

interface HeldSalesModalProps {
  opened: boolean;
  held: HeldCart[];
  /** A sale is on the till: resuming one holds it in its place. */
  tillBusy: boolean;
  onResume: (id: string) => void;
  onDiscard: (id: string) => void;
  onClose: () => void;
}

/** The sales parked on this till, to resume or discard. */
export function HeldSalesModal({
  opened,
  held,
  tillBusy,
  onResume,
  onDiscard,
  onClose,
}: HeldSalesModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Held sales" centered size="lg">
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          Holding a sale does not put stock aside: it is checked when the sale is completed.
          {tillBusy ? ' Resuming one holds the sale now on the till in its place.' : ''}
        </Text>
        {held.length === 0 ? (
          <Text size="sm">No sales are held.</Text>
        ) : (
          held.map((h) => (
            <Paper key={h.id} withBorder radius="md" p="sm" aria-label={`Held sale ${heldCartLabel(h)}`}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600}>
                    {heldCartLabel(h)}
                  </Text>
                  <Text size="xs" c="dimmed" lineClamp={2}>
                    {h.cart.lines.map((l) => `${l.quantity} × ${cartLineLabel(l)}`).join(', ')}
                  </Text>
                  <Text size="xs" c="dimmed">
                    Held <DateTime iso={h.held_at} />
                  </Text>
                </div>
                <Group gap="xs" wrap="nowrap">
                  <Button size="xs" onClick={() => onResume(h.id)}>
                    Resume
                  </Button>
                  <Button size="xs" variant="subtle" color="red" onClick={() => onDiscard(h.id)}>
                    Discard
                  </Button>
                </Group>
              </Group>
            </Paper>
          ))
        )}
      </Stack>
    </Modal>
  );
}
