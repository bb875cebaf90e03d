import {
  Button,
  Drawer,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { sellingPrice } from '@tillbook/contract/pricing';
import type { Product, ProductVariant } from '@tillbook/contract/products';
import { useState } from 'react';
import { Money } from '../../../components/money';
import { activeVariants, mixedUnits } from '../components/sellable';

export interface VariantChoice {
  variantId: string;
  pack: string | null;
}

interface VariantPickerProps {
  /** The product tapped; the picker is open while it is set. */
  product: Product | null;
  /** On a phone the picker is a bottom sheet, within reach of a thumb. */
  phone: boolean;
  onPick: (choice: VariantChoice) => void;
  onClose: () => void;
}

/**
 * Which variant of a product to sell, and in which unit where the variant has packs (issue 33):
 * a tap on a product with several variants cannot tell. Each choice is one big target showing
 * its price and the stock left.
 */
export function VariantPicker({ product, phone, onPick, onClose }: VariantPickerProps) {
  // The last product stays drawn while the picker closes (its transition), not an empty box.
  const [shown, setShown] = useState(product);
  if (product && product !== shown) setShown(product);
  const title = shown ? `Which ${shown.name}?` : '';
  const body = shown && <Choices product={shown} onPick={onPick} />;
  if (phone) {
    return (
      <Drawer
        opened={product !== null}
        onClose={onClose}
        position="bottom"
        size="85%"
        title={<Text fw={600}>{title}</Text>}
        styles={{ content: { borderRadius: '16px 16px 0 0' } }}
      >
        {body}
      </Drawer>
    );
  }
  return (
    <Modal opened={product !== null} onClose={onClose} title={title} centered size="md">
      {body}
    </Modal>
  );
}

function stockText(product: Product, v: ProductVariant): string | null {
  if (!product.track_stock) return null;
  return v.quantity > 0 ? `${mixedUnits(v.quantity, v.packs, product.unit)} in stock` : 'Out of stock';
}

function Choices({ product, onPick }: { product: Product; onPick: (choice: VariantChoice) => void }) {
  return (
    <Stack gap="xs" role="list" aria-label={`Variants of ${product.name}`}>
      {activeVariants(product).map((v, i) => {
        const stock = stockText(product, v);
        const out = product.track_stock && v.quantity <= 0;
        if (!v.packs.length) {
          return (
            <Paper key={v.id} withBorder radius="md" role="listitem">
              <UnstyledButton
                w="100%"
                p="sm"
                mih={56}
                disabled={out}
                data-autofocus={i === 0 || undefined}
                style={{ borderRadius: 'var(--mantine-radius-md)', opacity: out ? 0.5 : 1 }}
                onClick={() => onPick({ variantId: v.id, pack: null })}
              >
                <Group justify="space-between" wrap="nowrap">
                  <div style={{ minWidth: 0 }}>
                    <Text fw={600}>{v.name || product.name}</Text>
                    {stock && (
                      <Text size="xs" c="dimmed">
                        {stock}
                      </Text>
                    )}
                  </div>
                  <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
                    <Money minor={sellingPrice(v)} />
                  </Text>
                </Group>
              </UnstyledButton>
            </Paper>
          );
        }
        // With packs, the variant's row offers each unit it is sold in: a tap picks both.
        const units = [
          { pack: null, label: `1 ${product.unit}`, price: sellingPrice(v), factor: 1 },
          ...v.packs.map((p) => ({
            pack: p.name,
            label: `${p.name} (${p.factor})`,
            price: p.price,
            factor: p.factor,
          })),
        ];
        return (
          <Paper key={v.id} withBorder radius="md" p="sm" role="listitem">
            <Group justify="space-between" wrap="nowrap" mb={6}>
              <Text fw={600}>{v.name || product.name}</Text>
              {stock && (
                <Text size="xs" c="dimmed">
                  {stock}
                </Text>
              )}
            </Group>
            <SimpleGrid cols={2} spacing={6}>
              {units.map((u, n) => (
                <Button
                  key={u.pack ?? ''}
                  variant="light"
                  h="auto"
                  mih={52}
                  py={6}
                  disabled={product.track_stock && v.quantity < u.factor}
                  data-autofocus={(i === 0 && n === 0) || undefined}
                  onClick={() => onPick({ variantId: v.id, pack: u.pack })}
                  // A long pack name ("half carton (12)") wraps rather than being cut at 390 px.
                  styles={{ label: { flexDirection: 'column', lineHeight: 1.2, whiteSpace: 'normal' } }}
                >
                  {/* Read as "Apple, case (12) ₦18,000.00"; the spaces between flex items show nothing. */}
                  {v.name && <VisuallyHidden>{`${v.name},`}</VisuallyHidden>} <span>{u.label}</span>{' '}
                  <Text span size="xs">
                    <Money minor={u.price} />
                  </Text>
                </Button>
              ))}
            </SimpleGrid>
          </Paper>
        );
      })}
    </Stack>
  );
}
