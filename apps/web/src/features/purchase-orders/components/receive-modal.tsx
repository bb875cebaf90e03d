import { Button, Checkbox, Group, Modal, NumberInput, Stack, TextInput } from '@mantine/core';
import type { PurchaseOrder } from '@tillbook/contract/purchase-orders';
import { useState } from 'react';
import { QuantityLine } from '../../../components/quantity-line';
import { usePhoneWidth } from '../../../components/row-cards';
import { ApiError, messageOf } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useReceivePurchaseOrder } from '../api/purchase-order-actions';

const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random()}`;

/**
 * Receive what arrived, line by line (each defaults to what is still outstanding). The
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
  const open = order.items.filter((i) => i.quantity_received < i.quantity);
  const [quantities, setQuantities] = useState<Record<string, number>>(() =>
    Object.fromEntries(open.map((i) => [i.product_id, i.quantity - i.quantity_received])),
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
  const items = open
    .map((i) => ({ product_id: i.product_id, quantity: quantities[i.product_id] ?? 0 }))
    .filter((i) => i.quantity > 0);
  const errorFor = (productId: string) => {
    const index = items.findIndex((i) => i.product_id === productId);
    return index >= 0
      ? (errors[`items.${index}.quantity`] ?? errors[`items.${index}.product_id`])
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
        {/* A line per product at any width (no table to scroll sideways on a phone): its name
            and what is outstanding, then the count received, wide enough for a thumb. */}
        <Stack gap="xs" role="group" aria-label="Quantities received">
          {open.map((i) => (
            <QuantityLine
              key={i.product_id}
              name={i.product_name}
              detail={`${i.quantity - i.quantity_received} outstanding of ${i.quantity}`}
            >
              <NumberInput
                aria-label={`Received now of ${i.product_name}`}
                min={0}
                max={i.quantity - i.quantity_received}
                allowDecimal={false}
                allowNegative={false}
                w={120}
                value={quantities[i.product_id] ?? 0}
                onChange={(v) =>
                  setQuantities((q) => ({
                    ...q,
                    [i.product_id]: typeof v === 'number' ? v : Number(v) || 0,
                  }))
                }
                error={errorFor(i.product_id)}
              />
            </QuantityLine>
          ))}
        </Stack>
        <Checkbox
          label="Set each product's cost price to this order's unit cost"
          checked={updateCost}
          onChange={(e) => setUpdateCost(e.currentTarget.checked)}
        />
        <TextInput
          label="Note"
          placeholder="Delivery note number, driver…"
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
        />
        <Group justify="flex-end" grow={phone}>
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            disabled={!items.length}
            loading={receive.isPending}
            onClick={() => {
              setErrors({});
              receive.mutate({
                id: order.id,
                key,
                body: { items, update_cost_price: updateCost, note: note.trim() || undefined },
              });
            }}
          >
            Receive {items.reduce((s, i) => s + i.quantity, 0)} unit(s)
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
