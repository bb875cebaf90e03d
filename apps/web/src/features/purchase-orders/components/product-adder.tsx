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

/**
 * Two ways to put products on a purchase order: a scan box for keyboard-wedge barcode
 * scanners (they type the code and press Enter) that keeps focus for the next scan, and a
 * search by name.
 */
export function ProductAdder({ onAdd }: { onAdd: (product: Product) => void }) {
  const scanRef = useRef<HTMLInputElement>(null);
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
        onAdd(await findByBarcode(value));
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
          onAdd(p);
          setQuery('');
          scanRef.current?.focus();
        }}
        detail={(p) => `${p.sku} · ${p.quantity} in stock`}
      />
    </Stack>
  );
}
