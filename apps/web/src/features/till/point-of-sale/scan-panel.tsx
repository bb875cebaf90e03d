import { Group, Kbd, Paper, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import type { Product } from '@tillbook/contract/products';
import { memo, useState, type ReactNode, type RefObject } from 'react';
import { BarcodeInput } from '../../../components/barcode-input';
import { Money } from '../../../components/money';
import { ProductSearchResults } from '../../../components/product-search-results';
import { useProductSearch } from '../api/lookups';
import { activeVariants, lowestPrice, needsVariantChoice } from '../components/sellable';
import { useHasKeyboard } from './use-has-keyboard';
import type { Scanner } from './use-scanner';

interface ScanPanelProps {
  scanner: Scanner;
  scanRef: RefObject<HTMLInputElement | null>;
  searchRef: RefObject<HTMLInputElement | null>;
  onAdd: (product: Product) => void;
  /** Gives the scan box its focus back (after the next render). */
  focusScan: () => void;
  /** Beside the scan box: the phone till's camera button. */
  camera?: ReactNode;
  /** The scan box takes the focus on opening (not on a phone: the keyboard would cover the grid). */
  autoFocus?: boolean;
}

/**
 * The scan box and the product search, with the search's results under them. Drawn again only
 * when its own props change, not with every change of the till around it.
 */
export const ScanPanel = memo(function ScanPanel({
  scanner,
  scanRef,
  searchRef,
  onAdd,
  focusScan,
  camera,
  autoFocus = true,
}: ScanPanelProps) {
  // F2 and F3 are hinted only where there is a keyboard (issue 31).
  const keyboard = useHasKeyboard();
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
      <div className="tb-grid-1-2">
        <BarcodeInput
          ref={scanRef}
          autoFocus={autoFocus}
          description={
            camera
              ? 'Type a barcode or SKU (3*code for three), or scan with the camera'
              : 'Scan, or type a barcode or SKU and press Enter (3*code for three)'
          }
          enterKeyHint="go"
          inputContainer={
            camera
              ? (children) => (
                  <Group gap={6} wrap="nowrap" align="flex-start">
                    <div style={{ flex: 1 }}>{children}</div>
                    {camera}
                  </Group>
                )
              : undefined
          }
          placeholder="6151234567890"
          looking={scanner.looking}
          idleSection={keyboard ? <Kbd size="xs">F2</Kbd> : null}
          onScan={scanner.scan}
          value={scanner.text}
          onChange={(e) => scanner.setText(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') scanner.setText('');
          }}
          onBlur={(e) => {
            // The scan box keeps focus unless the cashier moved to another field on purpose
            // (on a phone it does not: its keyboard would cover the grid).
            if (autoFocus && !e.relatedTarget && !document.querySelector('[role="dialog"]')) focusScan();
          }}
        />
        <TextInput
          ref={searchRef}
          label="Search products"
          description="By name, SKU or barcode"
          placeholder="Milo"
          leftSection={<IconSearch size={16} />}
          rightSection={keyboard ? <Kbd size="xs">F3</Kbd> : null}
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
      </div>
      <ProductSearchResults
        query={debouncedQuery}
        results={results}
        onPick={pick}
        mt="sm"
        detailStyle={{ whiteSpace: 'nowrap' }}
        detail={(p) =>
          needsVariantChoice(p) ? (
            // Picked in the variant picker, which shows each one's price and stock.
            <>
              from <Money minor={lowestPrice(p)} /> · {activeVariants(p).length} variants
            </>
          ) : (
            <>
              <Money minor={p.sale_price && p.sale_price < p.price ? p.sale_price : p.price} />
              {p.track_stock ? ` · ${p.quantity} in stock` : ''}
            </>
          )
        }
      />
    </Paper>
  );
});
