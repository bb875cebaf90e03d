import { Group, Modal, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import type { Product } from '@tillbook/contract/products';
import { useState } from 'react';
import { usePhoneWidth } from '../../../components/row-cards';

/**
 * Which variant of a product to order (issue 33): a pick from the search cannot tell a size or a
 * colour. Each variant is one full-width target with its SKU and stock; the unit (a carton…) is
 * chosen on the line afterwards.
 */
export function VariantChoice({
  product,
  onPick,
  onClose,
}: {
  /** The product picked; the dialog is open while it is set. */
  product: Product | null;
  onPick: (variantId: string) => void;
  onClose: () => void;
}) {
  const phone = usePhoneWidth();
  // The last product stays drawn while the dialog closes (its transition), not an empty box.
  const [shown, setShown] = useState(product);
  if (product && product !== shown) setShown(product);
  return (
    <Modal
      opened={product !== null}
      onClose={onClose}
      title={shown ? `Which ${shown.name}?` : ''}
      centered
      size="sm"
      fullScreen={phone}
    >
      {shown && (
        <Stack gap="xs" role="list" aria-label={`Variants of ${shown.name}`}>
          {shown.variants
            .filter((v) => v.status === 'active')
            .map((v, i) => (
              <Paper key={v.id} withBorder radius="md" role="listitem">
                <UnstyledButton
                  w="100%"
                  p="sm"
                  mih={52}
                  data-autofocus={i === 0 || undefined}
                  style={{ borderRadius: 'var(--mantine-radius-md)' }}
                  onClick={() => onPick(v.id)}
                >
                  <Group justify="space-between" wrap="nowrap">
                    <Text fw={600}>{v.name || shown.name}</Text>
                    <Text size="xs" c="dimmed" ta="right">
                      {v.sku}
                      {shown.track_stock && ` · ${v.quantity} in stock`}
                    </Text>
                  </Group>
                </UnstyledButton>
              </Paper>
            ))}
        </Stack>
      )}
    </Modal>
  );
}
