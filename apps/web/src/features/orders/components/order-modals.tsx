import { Button, Group, Modal, NumberInput, Stack, Table, Text, Textarea } from '@mantine/core';
import type { OrderDetail } from '@tillbook/contract/orders';
import { useState } from 'react';
import { ApiError, messageOf } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useChangeOrderStatus, useRefundOrder } from '../api/order-actions';
import { refundableLines } from './refund-lines';

const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random()}`;

export function CancelModal({ order, onClose }: { order: OrderDetail; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const change = useChangeOrderStatus({
    onSuccess: () => {
      notify.success(`${order.number} cancelled`);
      onClose();
    },
    onError: (error) => notify.error(messageOf(error)),
  });
  return (
    <Modal opened onClose={onClose} title={`Cancel ${order.number}?`} centered>
      <Stack gap="md">
        <Text size="sm">
          The items go back into stock
          {order.amount_received > 0 ? ', the money received is recorded as paid back' : ''}
          {order.discount_code ? ' and the discount use is given back' : ''}. This cannot be undone.
        </Text>
        <Textarea
          label="Reason"
          placeholder="Customer changed their mind"
          autosize
          minRows={2}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={change.isPending}>
            Keep order
          </Button>
          <Button
            color="red"
            loading={change.isPending}
            onClick={() =>
              change.mutate({ id: order.id, status: 'cancelled', reason: reason.trim() || undefined })
            }
          >
            Cancel order
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Refund all of a completed order or some units of its lines, with a reason. */
export function RefundModal({ order, onClose }: { order: OrderDetail; onClose: () => void }) {
  const open = refundableLines(order.items);
  const [quantities, setQuantities] = useState<Record<string, number>>(() =>
    Object.fromEntries(open.map((i) => [i.product_id, i.left])),
  );
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [key] = useState(newKey);
  const refund = useRefundOrder({
    onSuccess: (answer) => {
      notify.success(
        answer.data.order.status === 'refunded' ? `${order.number} refunded` : 'Refund recorded',
      );
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError) setErrors(error.fields);
      notify.error(messageOf(error));
    },
  });
  const everything = open.every((i) => quantities[i.product_id] === i.left);
  const items = open
    .map((i) => ({ product_id: i.product_id, quantity: quantities[i.product_id] ?? 0 }))
    .filter((i) => i.quantity > 0);
  return (
    <Modal opened onClose={onClose} title={`Refund ${order.number}`} size="lg" centered>
      <Stack gap="md">
        <Table.ScrollContainer minWidth={380}>
          <Table aria-label="Units to refund">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Product</Table.Th>
                <Table.Th>Sold</Table.Th>
                <Table.Th w={130}>Refund</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {open.map((i) => (
                <Table.Tr key={i.product_id}>
                  <Table.Td>{i.name}</Table.Td>
                  <Table.Td>
                    {i.sold}
                    {i.refunded ? ` (${i.refunded} back)` : ''}
                  </Table.Td>
                  <Table.Td>
                    <NumberInput
                      aria-label={`Refund units of ${i.name}`}
                      min={0}
                      max={i.left}
                      allowDecimal={false}
                      allowNegative={false}
                      size="xs"
                      value={quantities[i.product_id] ?? 0}
                      onChange={(v) => setQuantities((q) => ({ ...q, [i.product_id]: Number(v) || 0 }))}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Textarea
          label="Reason"
          required
          autosize
          minRows={2}
          value={reason}
          error={errors.reason}
          onChange={(e) => setReason(e.currentTarget.value)}
        />
        <Text size="sm" c="dimmed">
          Refunded units go back into stock. Money paid back is what the customer paid beyond what they keep.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={refund.isPending}>
            Close
          </Button>
          <Button
            color="red"
            loading={refund.isPending}
            disabled={!items.length}
            onClick={() => {
              if (!reason.trim()) {
                setErrors({ reason: 'Reason is required' });
                return;
              }
              refund.mutate({
                id: order.id,
                key,
                reason: reason.trim(),
                items: everything ? undefined : items,
              });
            }}
          >
            {everything ? 'Refund everything' : 'Refund selected'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
