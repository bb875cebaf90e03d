import { Button, Checkbox, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import type { Product } from '@tillbook/contract/products';
import { useState } from 'react';
import { useStoreLocale } from '../../../lib/current-user';
import { formatMoney } from '../../../lib/format';
import { usePhoneWidth } from '../../../components/row-cards';
import { barRuns, encodeBarcode } from './barcode';
import { labelChoices, labelSheet, type LabelChoice } from './label-choices';
import './barcode-label.css';

/** Quiet zone on each side, in modules, so scanners find where the symbol starts. */
const QUIET = 10;

/** The bars of a barcode as SVG, scaled to its box; null when the code cannot be drawn. */
export function BarcodeSvg({
  value,
  height = 60,
  title,
}: {
  value: string;
  height?: number;
  title?: string;
}) {
  const code = encodeBarcode(value);
  if (!code) return null;
  const width = code.modules.length + QUIET * 2;
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={title ?? `${code.symbology} barcode ${code.text}`}
      style={{ display: 'block', width: '100%', height, background: '#fff' }}
      shapeRendering="crispEdges"
    >
      {barRuns(code.modules).map(([x, w]) => (
        <rect key={x} x={x + QUIET} y={0} width={w} height={height} fill="#000" />
      ))}
    </svg>
  );
}

const clampCopies = (v: string | number) => Math.max(0, Math.min(100, Math.floor(Number(v)) || 0));

/** One label as printed (50 × 30 mm): name, variant or pack, bars, code and price. */
function PrintedLabel({ choice, currency }: { choice: LabelChoice; currency: string }) {
  return (
    <div className="barcode-label">
      <div className="name">{choice.name}</div>
      {choice.detail && <div className="detail">{choice.detail}</div>}
      <BarcodeSvg value={choice.barcode} height={40} title="" />
      <div>
        {choice.barcode} · <strong>{formatMoney(choice.price, currency)}</strong>
      </div>
    </div>
  );
}

/**
 * Which labels to print, for a product with variants or packs: each kind with its count (0
 * leaves it out). On a phone the dialog takes the screen.
 */
function ChooseLabels({
  choices,
  copies,
  setCopies,
  opened,
  onClose,
}: {
  choices: LabelChoice[];
  copies: Record<string, number>;
  setCopies: (next: Record<string, number>) => void;
  opened: boolean;
  onClose: () => void;
}) {
  const { currency } = useStoreLocale();
  const phone = usePhoneWidth();
  const total = Object.values(copies).reduce((n, c) => n + c, 0);
  const every = (n: number) => setCopies(Object.fromEntries(choices.map((c) => [c.key, n])));
  return (
    <Modal opened={opened} onClose={onClose} title="Print labels" size="lg" centered fullScreen={phone}>
      <Stack gap="md">
        <Group gap="xs">
          <Button variant="subtle" size="xs" onClick={() => every(1)}>
            One of each
          </Button>
          <Button variant="subtle" size="xs" onClick={() => every(0)}>
            None
          </Button>
        </Group>
        <Stack gap="xs" role="group" aria-label="Labels to print">
          {choices.map((c) => {
            const label = c.detail || c.name;
            return (
              <Group key={c.key} justify="space-between" wrap="nowrap" gap="sm">
                <Checkbox
                  label={label}
                  description={`${c.barcode} · ${formatMoney(c.price, currency)}`}
                  checked={(copies[c.key] ?? 0) > 0}
                  onChange={(e) => setCopies({ ...copies, [c.key]: e.currentTarget.checked ? 1 : 0 })}
                  style={{ minWidth: 0 }}
                />
                <NumberInput
                  aria-label={`Labels of ${label}`}
                  min={0}
                  max={100}
                  allowDecimal={false}
                  allowNegative={false}
                  w={90}
                  value={copies[c.key] ?? 0}
                  onChange={(v) => setCopies({ ...copies, [c.key]: clampCopies(v) })}
                />
              </Group>
            );
          })}
        </Stack>
        <Group justify="flex-end" grow={phone}>
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button leftSection={<IconPrinter size={16} />} disabled={!total} onClick={() => window.print()}>
            Print {total} label{total === 1 ? '' : 's'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * The barcode on screen, and shelf labels to print: of the product, or, where it has variants
 * or packs with their own codes, of the ones chosen in the print dialog.
 */
export function BarcodeLabel({
  product,
}: {
  product: Pick<Product, 'id' | 'name' | 'barcode' | 'price' | 'sale_price' | 'variants'>;
}) {
  const { currency } = useStoreLocale();
  const choices = labelChoices(product);
  const [copies, setCopies] = useState<Record<string, number>>(() =>
    choices[0] ? { [choices[0].key]: 1 } : {},
  );
  const [choosing, setChoosing] = useState(false);
  const first = choices[0];
  const code = first ? encodeBarcode(first.barcode) : null;
  if (!first || !code) {
    return (
      <Text size="sm" c="dimmed">
        This barcode cannot be drawn as a label.
      </Text>
    );
  }
  const single = choices.length === 1;
  const count = copies[first.key] ?? 0;
  return (
    <Stack gap="sm">
      <div style={{ border: '1px solid #D9D8DA', borderRadius: 8, padding: 12, background: '#fff' }}>
        <Text size="sm" fw={600} truncate>
          {first.name}
        </Text>
        {first.detail && (
          <Text size="xs" c="dimmed" truncate>
            {first.detail}
          </Text>
        )}
        <BarcodeSvg value={first.barcode} height={56} />
        <Group justify="space-between" mt={4}>
          <Text size="xs" ff="monospace">
            {code.text}
          </Text>
          <Text size="xs" fw={600}>
            {formatMoney(first.price, currency)}
          </Text>
        </Group>
      </div>
      <Text size="xs" c="dimmed">
        {code.symbology}, printed 50 × 30 mm.
      </Text>
      {single ? (
        <Group gap="sm" align="flex-end" wrap="nowrap">
          <NumberInput
            label="Labels"
            min={1}
            max={100}
            value={count}
            onChange={(v) => setCopies({ [first.key]: Math.max(1, clampCopies(v)) })}
            w={90}
          />
          <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
            Print label{count === 1 ? '' : 's'}
          </Button>
        </Group>
      ) : (
        <Group gap="sm">
          <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={() => setChoosing(true)}>
            Print labels…
          </Button>
          <Text size="xs" c="dimmed">
            {choices.length} codes: each variant and each pack with its own barcode.
          </Text>
        </Group>
      )}
      <ChooseLabels
        choices={choices}
        copies={copies}
        setCopies={setCopies}
        opened={choosing}
        onClose={() => setChoosing(false)}
      />
      <div className="barcode-labels" aria-hidden>
        {labelSheet(choices, copies).map((c, i) => (
          <PrintedLabel key={i} choice={c} currency={currency} />
        ))}
      </div>
    </Stack>
  );
}
