import {
  ActionIcon,
  Group,
  NativeSelect,
  NumberInput,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconMinus, IconPlus, IconTrash } from '@tabler/icons-react';
import type { OrderQuote } from '@tillbook/contract/orders';
import type { ReactNode } from 'react';
import { Money } from '../../../components/money';
import { EmptyState } from '../../../components/states';
import {
  cartLineLabel,
  lineKey,
  removeLine,
  setLineDiscount,
  setLineUnit,
  setQuantity,
  type CartLine,
} from '../components/cart';
import type { CartUpdate } from './use-pos-cart';

interface CartPanelProps {
  lines: CartLine[];
  /** The server's price of each line; shown only while it matches the cart (`fresh`). */
  priced: OrderQuote['items'] | undefined;
  fresh: boolean;
  /** Messages by line key (`lineKey`). */
  errorsByLine: Record<string, string>;
  update: CartUpdate;
  focusScan: () => void;
}

interface LinePieces {
  info: ReactNode;
  quantity: ReactNode;
  discount: ReactNode;
  amount: ReactNode;
  remove: ReactNode;
}

/** The cart's lines: a table on a wide screen, a small card per line on a phone. */
export function CartPanel({ lines, priced, fresh, errorsByLine, update, focusScan }: CartPanelProps) {
  if (lines.length === 0) {
    return (
      <Paper withBorder radius="md">
        <EmptyState
          title="The cart is empty"
          description="Scan a barcode or search for a product to start a sale."
        />
      </Paper>
    );
  }
  // The quote prices the lines in the cart's order (one product may be on several lines): a
  // line's price is the quote's line at its index, while the quote is the cart's.
  const pieces = (l: CartLine, index: number) => {
    const at = fresh ? priced?.[index] : undefined;
    return linePieces({
      line: l,
      priced: at?.product_id === l.product_id ? at : undefined,
      fresh,
      error: errorsByLine[lineKey(l)],
      update,
      focusScan,
    });
  };

  return (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={560} visibleFrom="sm">
        <Table verticalSpacing="xs" aria-label="Cart">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Product</Table.Th>
              <Table.Th w={150}>Quantity</Table.Th>
              <Table.Th w={130}>Discount</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
              <Table.Th w={40} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((l, index) => {
              const p = pieces(l, index);
              return (
                <Table.Tr key={lineKey(l)}>
                  <Table.Td>{p.info}</Table.Td>
                  <Table.Td>{p.quantity}</Table.Td>
                  <Table.Td>{p.discount}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {p.amount}
                  </Table.Td>
                  <Table.Td>{p.remove}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {/* On a phone each line is a small card: nothing hides behind a sideways scroll. */}
      <Stack gap={0} hiddenFrom="sm" aria-label="Cart lines">
        {lines.map((l, index) => {
          const p = pieces(l, index);
          return (
            <Stack
              key={lineKey(l)}
              gap={6}
              p="sm"
              style={index ? { borderTop: '1px solid var(--mantine-color-gray-3)' } : undefined}
            >
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <div style={{ minWidth: 0 }}>{p.info}</div>
                {/* A div: the amount may be a skeleton (a div) while the cart is priced. */}
                <Text component="div" size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {p.amount}
                </Text>
              </Group>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                {p.quantity}
                <Group gap={4} wrap="nowrap">
                  {p.discount}
                  {p.remove}
                </Group>
              </Group>
            </Stack>
          );
        })}
      </Stack>
    </Paper>
  );
}

function linePieces({
  line: l,
  priced,
  fresh,
  error,
  update,
  focusScan,
}: {
  line: CartLine;
  priced: OrderQuote['items'][number] | undefined;
  fresh: boolean;
  error: string | undefined;
  update: CartUpdate;
  focusScan: () => void;
}): LinePieces {
  const key = lineKey(l);
  const name = cartLineLabel(l);
  return {
    info: (
      <>
        <Text size="sm" fw={500}>
          {name}
        </Text>
        <Text size="xs" c="dimmed">
          <Money minor={priced?.unit_price ?? l.unit_price} /> · {l.sku}
          {l.pack ? ` · ${l.quantity * l.pack_factor} ${l.unit}` : ''}
        </Text>
        {l.units.length > 1 && <UnitControl line={l} name={name} update={update} />}
        {error && (
          <Text size="xs" c="red" role="alert">
            {error}
          </Text>
        )}
      </>
    ),
    quantity: (
      <Group gap={4} wrap="nowrap">
        <ActionIcon
          variant="default"
          aria-label={`One less ${name}`}
          onClick={() => update((c) => setQuantity(c, key, l.quantity - 1))}
        >
          <IconMinus size={14} />
        </ActionIcon>
        <NumberInput
          aria-label={`Quantity of ${name}`}
          value={l.quantity}
          min={1}
          allowDecimal={false}
          allowNegative={false}
          hideControls
          w={60}
          size="xs"
          onChange={(v) => {
            const n = typeof v === 'number' ? v : Number(v);
            if (Number.isInteger(n) && n > 0) update((c) => setQuantity(c, key, n));
          }}
        />
        <ActionIcon
          variant="default"
          aria-label={`One more ${name}`}
          onClick={() => update((c) => setQuantity(c, key, l.quantity + 1))}
        >
          <IconPlus size={14} />
        </ActionIcon>
      </Group>
    ),
    discount: (
      <TextInput
        aria-label={`Discount on ${name}`}
        placeholder="Discount"
        size="xs"
        w={110}
        inputMode="decimal"
        value={l.discount}
        onChange={(e) => {
          const value = e.currentTarget.value;
          update((c) => setLineDiscount(c, key, value));
        }}
      />
    ),
    amount: priced && fresh ? <Money minor={priced.total} /> : <Skeleton height={14} width={70} ml="auto" />,
    remove: (
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={`Remove ${name}`}
        onClick={() => {
          update((c) => removeLine(c, key));
          focusScan();
        }}
      >
        <IconTrash size={16} />
      </ActionIcon>
    ),
  };
}

/**
 * Sells the line by the unit or in one of its variant's packs (issue 33): a native select, so a
 * phone opens its own picker, big enough for a thumb, and the line's row keeps its width.
 */
function UnitControl({ line: l, name, update }: { line: CartLine; name: string; update: CartUpdate }) {
  const key = lineKey(l);
  return (
    <NativeSelect
      aria-label={`Unit of ${name}`}
      size="sm"
      w={170}
      mt={4}
      value={l.pack ?? ''}
      data={l.units.map((u) => ({
        value: u.pack ?? '',
        label: u.pack ? `${u.pack} (${u.factor})` : l.unit || 'unit',
      }))}
      onChange={(e) => {
        const pack = e.currentTarget.value || null;
        update((c) => setLineUnit(c, key, pack));
      }}
    />
  );
}
