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
import {
  ADJUSTMENT_REASONS,
  mixedUnits,
  type AdjustmentReason,
  type Product,
  type ProductPack,
} from '@tillbook/contract/products';
import { useState } from 'react';
import { ApiError, messageOf } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useAdjustStock } from '../api/stock';
import { activeVariants } from './stock-text';

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

/**
 * An adjustment counted in a pack (2 cartons damaged): the change in base units, and what is
 * sent. A change of whole packs is sent as packs, so the ledger says so; a count in packs sets
 * the shelf to that many packs' units, whose difference from stock is seldom whole packs, so it
 * is sent in base units.
 */
export function packAdjustment(
  reason: AdjustmentReason,
  current: number,
  amount: number,
  direction: 'add' | 'remove',
  pack: Pick<ProductPack, 'name' | 'factor'> | null,
): { change: number; quantity_change: number; pack?: string } {
  if (reason === 'count') {
    const change = amount * (pack?.factor ?? 1) - current;
    return { change, quantity_change: change };
  }
  const count = adjustmentChange(reason, current, amount, direction);
  return pack
    ? { change: count * pack.factor, quantity_change: count, pack: pack.name }
    : { change: count, quantity_change: count };
}

/** The select's value for the base unit (a pack's value is its name). */
const BASE = '';

function AdjustForm({
  product,
  variantId: initialVariant,
  onClose,
}: {
  product: Product;
  variantId?: string;
  onClose: () => void;
}) {
  const variants = activeVariants(product);
  // A product with options names the variant even when one is left; one without sends the old body.
  const choosing = variants.length > 1 || product.options.length > 0;
  const [key] = useState(newKey);
  const [variantId, setVariantId] = useState<string | null>(
    initialVariant ?? (variants.length === 1 ? variants[0]!.id : null),
  );
  const variant = variants.find((v) => v.id === variantId);
  const current = variant?.quantity ?? (choosing ? 0 : product.quantity);
  const packs = variant?.packs ?? [];
  const [unit, setUnit] = useState(BASE);
  const pack = packs.find((p) => p.name === unit) ?? null;
  const [reason, setReason] = useState<AdjustmentReason>('count');
  const [direction, setDirection] = useState<'add' | 'remove'>('add');
  const [amount, setAmount] = useState<number | ''>(reason === 'count' ? current : '');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [variantError, setVariantError] = useState<string | null>(null);
  // The stock in packs where the variant has them; a plain count otherwise, as it always read.
  const show = (n: number) => (packs.length ? mixedUnits(n, packs, product.unit) : String(n));
  const adjust = useAdjustStock({
    onSuccess: (answer) => {
      const saved = answer.data.product;
      const now = saved.variants.find((v) => v.id === variantId);
      notify.success(
        choosing && now
          ? `Stock adjusted: ${now.name || saved.name} now ${mixedUnits(now.quantity, now.packs, saved.unit)}`
          : `Stock adjusted: ${packs.length ? mixedUnits(saved.quantity, packs, saved.unit) : saved.quantity} in stock`,
      );
      onClose();
    },
    onError: (e) => {
      const fields = e instanceof ApiError ? e.fields : {};
      setError(fields.quantity_change ?? fields.pack ?? null);
      setVariantError(fields.variant_id ?? null);
      notify.error(messageOf(e));
    },
  });
  const value = amount === '' ? null : amount;
  const planned = value === null ? null : packAdjustment(reason, current, value, direction, pack);
  const change = planned?.change ?? 0;
  const after = current + change;
  const unitName = pack ? pack.name : product.unit;

  const submit = () => {
    if (choosing && !variant) {
      setVariantError('Choose the variant whose stock changed');
      return;
    }
    if (value === null || value < 0 || !Number.isInteger(value) || !planned) {
      setError('Enter a whole number');
      return;
    }
    if (change === 0) {
      setError(reason === 'count' ? 'That is already the quantity in stock' : 'Enter how many units');
      return;
    }
    if (after < 0) {
      setError(`Only ${show(current)} in stock`);
      return;
    }
    setError(null);
    adjust.mutate({
      id: product.id,
      key,
      body: {
        quantity_change: planned.quantity_change,
        reason,
        note: note.trim() || undefined,
        ...(choosing && variant ? { variant_id: variant.id } : {}),
        ...(planned.pack ? { pack: planned.pack } : {}),
      },
    });
  };

  /** A new variant or unit starts a count from what is on hand in it. */
  const restart = (nextCurrent: number, factor: number) => {
    setAmount(reason === 'count' ? Math.floor(nextCurrent / factor) : '');
    setError(null);
  };

  return (
    <Stack gap="md">
      {choosing && (
        <Select
          label="Variant"
          required
          placeholder="Choose a variant"
          data={variants.map((v) => ({
            value: v.id,
            label: `${v.name || 'Default'} (${mixedUnits(v.quantity, v.packs, product.unit)})`,
          }))}
          value={variantId}
          allowDeselect={false}
          searchable={variants.length > 8}
          error={variantError}
          onChange={(id) => {
            const next = variants.find((v) => v.id === id);
            setVariantId(id);
            setUnit(BASE);
            setVariantError(null);
            restart(next?.quantity ?? 0, 1);
          }}
        />
      )}
      <Select
        label="Reason"
        data={ADJUSTMENT_REASONS.map((r) => ({ value: r, label: REASON_LABELS[r] }))}
        value={reason}
        allowDeselect={false}
        onChange={(v) => {
          const next = (v ?? 'count') as AdjustmentReason;
          setReason(next);
          setAmount(next === 'count' ? Math.floor(current / (pack?.factor ?? 1)) : '');
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
      {packs.length > 0 && (
        <Select
          label="Counted in"
          data={[
            { value: BASE, label: `${product.unit} (single units)` },
            ...packs.map((p) => ({ value: p.name, label: `${p.name} (${p.factor} ${product.unit})` })),
          ]}
          value={unit}
          allowDeselect={false}
          onChange={(v) => {
            const next = v ?? BASE;
            setUnit(next);
            restart(current, packs.find((p) => p.name === next)?.factor ?? 1);
          }}
        />
      )}
      <NumberInput
        label={
          reason === 'count'
            ? pack
              ? `Counted quantity (${pack.name})`
              : 'Counted quantity'
            : pack
              ? `Units (${pack.name})`
              : 'Units'
        }
        description={
          reason === 'count' && pack
            ? `Sets the stock to that many ${pack.name} of ${pack.factor} ${product.unit}`
            : undefined
        }
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
        {choosing && !variant
          ? 'Choose a variant to see its stock'
          : `${show(current)} in stock now${
              change !== 0
                ? ` → ${show(after)} after (${change > 0 ? '+' : ''}${change}${packs.length ? ` ${product.unit}` : ''})`
                : ''
            }`}
      </Text>
      {pack && reason !== 'count' && value !== null && value > 0 && (
        <Text size="xs" c="dimmed">
          {value} {unitName} = {value * pack.factor} {product.unit}
        </Text>
      )}
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

/**
 * Adjust stock by hand with a reason; the key is made when the dialog opens (one adjustment).
 * `variantId` picks the variant first (the Adjust of a variant's row).
 */
export function AdjustStockModal({
  product,
  variantId,
  opened,
  onClose,
}: {
  product: Product;
  variantId?: string;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Adjust stock of ${product.name}`} centered>
      {opened && <AdjustForm product={product} variantId={variantId} onClose={onClose} />}
    </Modal>
  );
}
