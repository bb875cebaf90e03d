import { Button, Checkbox, Group, Modal, NumberInput, Stack, TextInput } from '@mantine/core';
import type { PurchaseOrder } from '@tillbook/contract/purchase-orders';
import { useState } from 'react';
import { QuantityLine } from '../../../components/quantity-line';
import { usePhoneWidth } from '../../../components/row-cards';
import { ApiError, messageOf } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useReceivePurchaseOrder } from '../api/purchase-order-actions';
import { poLineLabel } from './po-lines';
import { outstanding, receivedUnits, receiveItems } from './receive-lines';

const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random()}`;

/**
 * Receive what arrived, line by line, each in its own unit (cartons for a carton line; each
 * defaults to what is still outstanding). The
 * receipt's idempotency key is made once when the form opens, so pressing Receive twice, or a
 * retry after a dropped connection, records one receipt.
 */
export function ReceiveModal({
  order,
  opened,
  onClose,
}: {
  order: PurchaseOrder;
  opened: boolean;
  onClose: () => void;
}) {
  // On a phone the dialog takes the screen, its buttons side by side at full width.
  const phone = usePhoneWidth();
  const open = order.items.filter((i) => outstanding(i) > 0);
  // Counted per line, not per product: one product may be on two lines (a size each, or tins
  // and cartons).
  const [counts, setCounts] = useState<Record<string, number>>(() =>
    Object.fromEntries(open.map((i) => [i.id, outstanding(i)])),
  );
  const [updateCost, setUpdateCost] = useState(true);
  const [note, setNote] = useState('');
  const [key] = useState(newKey);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const receive = useReceivePurchaseOrder({
    onSuccess: (answer) => {
      notify.success(answer.data.status === 'received' ? `${order.number} fully received` : 'Stock received');
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError) setErrors(error.fields);
      notify.error(messageOf(error));
    },
  });
  const items = receiveItems(order.items, counts);
  const units = receivedUnits(order.items, items);
  const withPacks = order.items.some((i) => i.pack);
  const errorFor = (lineId: string) => {
    const index = items.findIndex((i) => i.line_id === lineId);
    return index >= 0
      ? (errors[`items.${index}.quantity`] ??
          errors[`items.${index}.product_id`] ??
          errors[`items.${index}.variant_id`] ??
          errors[`items.${index}.pack`])
      : undefined;
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={`Receive stock on ${order.number}`}
      size="lg"
      centered
      fullScreen={phone}
    >
      <Stack gap="md">
        {/* A line per order line at any width (no table to scroll sideways on a phone): its name
            and what is outstanding, then the count received, wide enough for a thumb. */}
        <Stack gap="xs" role="group" aria-label="Quantities received">
          {open.map((i) => {
            const name = poLineLabel(i);
            const left = outstanding(i);
            return (
              <QuantityLine
                key={i.id}
                name={name}
                detail={
                  i.pack
                    ? `${left} ${i.pack} outstanding of ${i.quantity} (${left * i.pack_factor} units)`
                    : `${left} outstanding of ${i.quantity}`
                }
              >
                <NumberInput
                  aria-label={`Received now of ${name}`}
                  min={0}
                  max={left}
                  allowDecimal={false}
                  allowNegative={false}
                  w={120}
                  value={counts[i.id] ?? 0}
                  onChange={(v) =>
                    setCounts((c) => ({ ...c, [i.id]: typeof v === 'number' ? v : Number(v) || 0 }))
                  }
                  error={errorFor(i.id)}
                />
              </QuantityLine>
            );
          })}
        </Stack>
        <Checkbox
          label={
            withPacks
              ? "Set each product's cost price to this order's unit cost (a pack's over its units)"
              : "Set each product's cost price to this order's unit cost"
          }
          checked={updateCost}
          onChange={(e) => setUpdateCost(e.currentTarget.checked)}
        />
        <TextInput
          label="Note"
          placeholder="Delivery note number, driver…"
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
        />
        {/* On a phone the two buttons fill the row, Receive the wider: halves cut its count off. */}
        <Group justify="flex-end" wrap="nowrap">
          <Button variant="default" flex={phone ? 1 : undefined} onClick={onClose}>
            Cancel
          </Button>
          <Button
            flex={phone ? 2 : undefined}
            disabled={!items.length}
            loading={receive.isPending}
            onClick={() => {
              setErrors({});
              receive.mutate({
                id: order.id,
                key,
                body: {
                  items: items.map(({ line_id: _line, ...item }) => item),
                  update_cost_price: updateCost,
                  note: note.trim() || undefined,
                },
              });
            }}
          >
            Receive {units} unit(s)
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
