import { Group, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import type { Product } from '@tillbook/contract/products';
import { useRef, useState } from 'react';
import { BarcodeInput } from '../../../components/barcode-input';
import { ProductSearchResults } from '../../../components/product-search-results';
import { messageOf } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { findByBarcode, useProductSearch } from '../api/lookups';
import { needsVariantChoice, type LineChoice } from './po-lines';
import { VariantChoice } from './variant-choice';

const activeCount = (p: Product) => p.variants.filter((v) => v.status === 'active').length;

/**
 * Two ways to put products on a purchase order: a scan box for keyboard-wedge barcode
 * scanners (they type the code and press Enter) that keeps focus for the next scan, and a
 * search by name. A scan names its variant (and pack, for a pack's barcode); a product with
 * several variants picked from the search asks which one.
 */
export function ProductAdder({ onAdd }: { onAdd: (product: Product, choice: LineChoice) => void }) {
  const scanRef = useRef<HTMLInputElement>(null);
  const [choosing, setChoosing] = useState<Product | null>(null);
  const [code, setCode] = useState('');
  const [looking, setLooking] = useState(false);
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query.trim(), 250);
  const results = useProductSearch(debounced);

  // Scanners type the next code while the last is still being looked up: the box is emptied at
  // once and the look-ups run one after another, so no scan is lost and the order is kept.
  const lookups = useRef<Promise<void>>(Promise.resolve());
  const pending = useRef(0);
  const scan = () => {
    const value = code.trim();
    setCode('');
    if (!value) return;
    pending.current += 1;
    setLooking(true);
    lookups.current = lookups.current.then(async () => {
      try {
        const match = await findByBarcode(value);
        // An answer naming no variant of a product with several (a server before variants) asks.
        if (!match.variant_id && needsVariantChoice(match)) setChoosing(match);
        else onAdd(match, { variant_id: match.variant_id || null, pack: match.pack?.name ?? null });
      } catch (error) {
        notify.error(messageOf(error));
      } finally {
        pending.current -= 1;
        if (pending.current === 0) setLooking(false);
        scanRef.current?.focus();
      }
    });
  };

  return (
    <Stack gap="sm">
      <Group grow align="flex-start" wrap="wrap" gap="sm">
        <BarcodeInput
          ref={scanRef}
          description="Scan, or type a barcode or SKU and press Enter"
          placeholder="2000000000015"
          looking={looking}
          onScan={scan}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          miw={220}
        />
        <TextInput
          label="Search products"
          description="By name, SKU or barcode"
          placeholder="Milo"
          leftSection={<IconSearch size={16} />}
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
          miw={220}
        />
      </Group>
      <ProductSearchResults
        query={debounced}
        results={results}
        onPick={(p) => {
          setQuery('');
          if (needsVariantChoice(p)) setChoosing(p);
          else {
            onAdd(p, {});
            scanRef.current?.focus();
          }
        }}
        detail={(p) =>
          needsVariantChoice(p)
            ? `${activeCount(p)} variants · ${p.quantity} in stock`
            : `${p.sku} · ${p.quantity} in stock`
        }
      />
      <VariantChoice
        product={choosing}
        onPick={(variantId) => {
          onAdd(choosing!, { variant_id: variantId });
          setChoosing(null);
          scanRef.current?.focus();
        }}
        onClose={() => setChoosing(null)}
      />
    </Stack>
  );
}
