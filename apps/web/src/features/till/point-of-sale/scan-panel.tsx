import { Kbd, Paper, SimpleGrid, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import type { Product } from '@tillbook/contract/products';
import { useState, type RefObject } from 'react';
import { BarcodeInput } from '../../../components/barcode-input';
import { Money } from '../../../components/money';
import { ProductSearchResults } from '../../../components/product-search-results';
import { useProductSearch } from '../api/lookups';
import type { Scanner } from './use-scanner';

interface ScanPanelProps {
  scanner: Scanner;
  scanRef: RefObject<HTMLInputElement | null>;
  searchRef: RefObject<HTMLInputElement | null>;
  onAdd: (product: Product) => void;
  /** Gives the scan box its focus back (after the next render). */
  focusScan: () => void;
}

/** The scan box and the product search, with the search's results under them. */
export function ScanPanel({ scanner, scanRef, searchRef, onAdd, focusScan }: ScanPanelProps) {
  const [query, setQuery] = useState('');
  const [debouncedQuery] = useDebouncedValue(query.trim(), 250);
  const results = useProductSearch(debouncedQuery);
  const pick = (product: Product) => {
    onAdd(product);
    setQuery('');
    focusScan();
  };

  return (
    <Paper withBorder radius="md" p="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <BarcodeInput
          ref={scanRef}
          autoFocus
          description="Scan, or type a barcode or SKU and press Enter (3*code for three)"
          placeholder="6151234567890"
          looking={scanner.looking}
          idleSection={<Kbd size="xs">F2</Kbd>}
          onScan={scanner.scan}
          value={scanner.text}
          onChange={(e) => scanner.setText(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') scanner.setText('');
          }}
          onBlur={(e) => {
            // The scan box keeps focus unless the cashier moved to another field on purpose.
            if (!e.relatedTarget && !document.querySelector('[role="dialog"]')) focusScan();
          }}
        />
        <TextInput
          ref={searchRef}
          label="Search products"
          description="By name, SKU or barcode"
          placeholder="Milo"
          leftSection={<IconSearch size={16} />}
          rightSection={<Kbd size="xs">F3</Kbd>}
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              setQuery('');
              focusScan();
            } else if (e.key === 'Enter' && results.data?.[0]) {
              e.preventDefault();
              pick(results.data[0]);
            }
          }}
        />
      </SimpleGrid>
      <ProductSearchResults
        query={debouncedQuery}
        results={results}
        onPick={pick}
        mt="sm"
        detailStyle={{ whiteSpace: 'nowrap' }}
        detail={(p) => (
          <>
            <Money minor={p.sale_price && p.sale_price < p.price ? p.sale_price : p.price} />
            {p.track_stock ? ` · ${p.quantity} in stock` : ''}
          </>
        )}
      />
    </Paper>
  );
}
