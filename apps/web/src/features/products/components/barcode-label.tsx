import { Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import type { Product } from '@tillbook/contract/products';
import { useState } from 'react';
import { useStoreLocale } from '../../../lib/current-user';
import { formatMoney } from '../../../lib/format';
import { barRuns, encodeBarcode } from './barcode';
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

/** The barcode on screen, and shelf labels (name, price, bars, code) to print. */
export function BarcodeLabel({
  product,
}: {
  product: Pick<Product, 'name' | 'barcode' | 'price' | 'sale_price'>;
}) {
  const { currency } = useStoreLocale();
  const [copies, setCopies] = useState<number>(1);
  const code = encodeBarcode(product.barcode);
  const price = formatMoney(product.sale_price ?? product.price, currency);
  if (!code) {
    return (
      <Text size="sm" c="dimmed">
        This barcode cannot be drawn as a label.
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      <div style={{ border: '1px solid #D9D8DA', borderRadius: 8, padding: 12, background: '#fff' }}>
        <Text size="sm" fw={600} truncate>
          {product.name}
        </Text>
        <BarcodeSvg value={product.barcode} height={56} />
        <Group justify="space-between" mt={4}>
          <Text size="xs" ff="monospace">
            {code.text}
          </Text>
          <Text size="xs" fw={600}>
            {price}
          </Text>
        </Group>
      </div>
      <Text size="xs" c="dimmed">
        {code.symbology}, printed 50 × 30 mm.
      </Text>
      <Group gap="sm" align="flex-end" wrap="nowrap">
        <NumberInput
          label="Labels"
          min={1}
          max={100}
          value={copies}
          onChange={(v) => setCopies(Math.max(1, Math.min(100, Number(v) || 1)))}
          w={90}
        />
        <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
          Print label{copies === 1 ? '' : 's'}
        </Button>
      </Group>
      <div className="barcode-labels" aria-hidden>
        {Array.from({ length: copies }, (_, i) => (
          <div className="barcode-label" key={i}>
            <div className="name">{product.name}</div>
            <BarcodeSvg value={product.barcode} height={40} title="" />
            <div>
              {code.text} · <strong>{price}</strong>
            </div>
          </div>
        ))}
      </div>
    </Stack>
  );
}
