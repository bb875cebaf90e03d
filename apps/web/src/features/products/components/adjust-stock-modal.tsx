import {
  Button,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { ADJUSTMENT_REASONS, type AdjustmentReason, type Product } from '@tillbook/contract/products';
import { useState } from 'react';
import { ApiError, messageOf } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useAdjustStock } from '../api/stock';

const REASON_LABELS: Record<AdjustmentReason, string> = {
  count: 'Stock count (set what is on the shelf)',
  damage: 'Damaged',
  loss: 'Lost or stolen',
  return: 'Returned by a customer',
  other: 'Other',
};

const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random()}`;

/**
 * The signed change an adjustment makes: a count sets the quantity (the change is the
 * difference), damage and loss take stock away, a return adds it, other goes either way.
 */
export function adjustmentChange(
  reason: AdjustmentReason,
  current: number,
  amount: number,
  direction: 'add' | 'remove',
): number {
  if (reason === 'count') return amount - current;
  if (reason === 'damage' || reason === 'loss') return -amount;
  if (reason === 'return') return amount;
  return direction === 'add' ? amount : -amount;
}

function AdjustForm({ product, onClose }: { product: Product; onClose: () => void }) {
  const [key] = useState(newKey);
  const [reason, setReason] = useState<AdjustmentReason>('count');
  const [direction, setDirection] = useState<'add' | 'remove'>('add');
  const [amount, setAmount] = useState<number | ''>(reason === 'count' ? product.quantity : '');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const adjust = useAdjustStock({
    onSuccess: (answer) => {
      notify.success(`Stock adjusted: ${answer.data.product.quantity} in stock`);
      onClose();
    },
    onError: (e) => {
      const fields = e instanceof ApiError ? e.fields : {};
      setError(fields.quantity_change ?? null);
      notify.error(messageOf(e));
    },
  });
  const value = amount === '' ? null : amount;
  const change = value === null ? 0 : adjustmentChange(reason, product.quantity, value, direction);
  const after = product.quantity + change;

  const submit = () => {
    if (value === null || value < 0 || !Number.isInteger(value)) {
      setError('Enter a whole number');
      return;
    }
    if (change === 0) {
      setError(reason === 'count' ? 'That is already the quantity in stock' : 'Enter how many units');
      return;
    }
    if (after < 0) {
      setError(`Only ${product.quantity} in stock`);
      return;
    }
    setError(null);
    adjust.mutate({
      id: product.id,
      key,
      body: { quantity_change: change, reason, note: note.trim() || undefined },
    });
  };

  return (
    <Stack gap="md">
      <Select
        label="Reason"
        data={ADJUSTMENT_REASONS.map((r) => ({ value: r, label: REASON_LABELS[r] }))}
        value={reason}
        allowDeselect={false}
        onChange={(v) => {
          const next = (v ?? 'count') as AdjustmentReason;
          setReason(next);
          setAmount(next === 'count' ? product.quantity : '');
          setError(null);
        }}
      />
      {reason === 'other' && (
        <SegmentedControl
          fullWidth
          aria-label="Direction"
          value={direction}
          onChange={(v) => setDirection(v as 'add' | 'remove')}
          data={[
            { value: 'add', label: 'Add stock' },
            { value: 'remove', label: 'Remove stock' },
          ]}
        />
      )}
      <NumberInput
        label={reason === 'count' ? 'Counted quantity' : 'Units'}
        min={0}
        allowDecimal={false}
        allowNegative={false}
        value={amount}
        onChange={(v) => setAmount(v === '' ? '' : Number(v))}
        error={error}
        data-autofocus
      />
      <Textarea
        label="Note"
        placeholder="What happened (optional)"
        autosize
        minRows={2}
        value={note}
        onChange={(e) => setNote(e.currentTarget.value)}
      />
      <Text size="sm" c="dimmed" aria-live="polite">
        {product.quantity} in stock now
        {change !== 0 ? ` → ${after} after (${change > 0 ? '+' : ''}${change})` : ''}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={adjust.isPending}>
          Cancel
        </Button>
        <Button onClick={submit} loading={adjust.isPending}>
          Save adjustment
        </Button>
      </Group>
    </Stack>
  );
}

/** Adjust stock by hand with a reason; the key is made when the dialog opens (one adjustment). */
export function AdjustStockModal({
  product,
  opened,
  onClose,
}: {
  product: Product;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Adjust stock of ${product.name}`} centered>
      {opened && <AdjustForm product={product} onClose={onClose} />}
    </Modal>
  );
}
