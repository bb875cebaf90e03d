import type { Product } from '@tillbook/contract/products';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderScreen } from '../../../test/render';
import { codeReader, type Detector } from './camera-scan';
import { ScanPanel } from './scan-panel';
import { useScanner } from './use-scanner';

const PRODUCTS: Record<string, Partial<Product>> = {
  '6151234567890': { id: 'p-milo', name: 'Milo 500g' },
  'PEAK-400': { id: 'p-peak', name: 'Peak Milk 400g' },
};

/** The API's barcode look-up: a known code answers its product (the first one slowly), else 404. */
function stubBarcodeApi() {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    const code = url.searchParams.get('barcode') ?? '';
    const found = PRODUCTS[code];
    if (code === '6151234567890') await new Promise((r) => setTimeout(r, 50));
    return found
      ? jsonResponse(200, {
          success: true,
          message: 'ok',
          data: { ...found, quantity: 10, track_stock: true },
        })
      : jsonResponse(404, {
          success: false,
          message: 'No product has that barcode or SKU',
          error: { code: 'NOT_FOUND', message: 'No product has that barcode or SKU' },
        });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function Scanning({
  onFound,
  detector,
}: {
  onFound: (product: Product, quantity: number) => void;
  /** A stubbed camera: its button reads one frame with this detector, as the camera dialog does. */
  detector?: Detector;
}) {
  const scanner = useScanner(onFound);
  const read = useRef(detector ? codeReader(detector) : null);
  const scanRef = useRef<HTMLInputElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  return (
    <ScanPanel
      scanner={scanner}
      scanRef={scanRef}
      searchRef={searchRef}
      onAdd={(p) => onFound(p, 1)}
      focusScan={() => scanRef.current?.focus()}
      camera={
        detector && (
          <button
            type="button"
            onClick={async () => {
              for (const code of await read.current!({} as ImageBitmapSource)) scanner.scanFromCamera(code);
            }}
          >
            Camera frame
          </button>
        )
      }
    />
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('point of sale: the scanner', () => {
  it('looks up each scanned code in the order scanned, emptying the box at once; 3*code is three', async () => {
    const fetch = stubBarcodeApi();
    const found: [string, number][] = [];
    const user = userEvent.setup();
    renderScreen(<Scanning onFound={(p, n) => found.push([p.name, n])} />);
    const box = await screen.findByRole('textbox', { name: /Scan barcode/ });
    expect(box).toHaveFocus();

    // A scanner types the second code while the first (slower) look-up is still running.
    await user.type(box, '3*6151234567890{Enter}');
    expect(box).toHaveValue('');
    await user.type(box, 'PEAK-400{Enter}');
    await waitFor(() => expect(found).toHaveLength(2));
    expect(found).toEqual([
      ['Milo 500g', 3],
      ['Peak Milk 400g', 1],
    ]);
    const asked = fetch.mock.calls.map(([url]) => new URL(String(url), 'http://localhost'));
    expect(asked.map((u) => u.pathname)).toEqual([
      '/api/v1/product/search-barcode',
      '/api/v1/product/search-barcode',
    ]);
    expect(asked.map((u) => u.searchParams.get('barcode'))).toEqual(['6151234567890', 'PEAK-400']);
  });

  it("an unknown code shows the server's message and adds nothing; Escape empties the box", async () => {
    stubBarcodeApi();
    const onFound = vi.fn();
    const user = userEvent.setup();
    renderScreen(<Scanning onFound={onFound} />);
    const box = await screen.findByRole('textbox', { name: /Scan barcode/ });
    await user.type(box, '0000000000000{Enter}');
    expect(await screen.findByText('No product has that barcode or SKU')).toBeVisible();
    expect(onFound).not.toHaveBeenCalled();

    await user.type(box, 'half-typed');
    await user.keyboard('{Escape}');
    expect(box).toHaveValue('');
  });

  it('a blank scan looks nothing up', async () => {
    const fetch = stubBarcodeApi();
    const user = userEvent.setup();
    renderScreen(<Scanning onFound={vi.fn()} />);
    await user.type(await screen.findByRole('textbox', { name: /Scan barcode/ }), '   {Enter}');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('a code the camera read goes through the same look-up as a typed one: a typed 3* multiplies it', async () => {
    const fetch = stubBarcodeApi();
    const found: [string, number][] = [];
    const detect = vi
      .fn()
      .mockResolvedValueOnce([{ rawValue: '6151234567890' }])
      .mockResolvedValueOnce([{ rawValue: 'PEAK-400' }]);
    const user = userEvent.setup();
    renderScreen(<Scanning onFound={(p, n) => found.push([p.name, n])} detector={{ detect }} />);
    const box = await screen.findByRole('textbox', { name: /Scan barcode/ });
    await user.type(box, '3*');
    await user.click(screen.getByRole('button', { name: 'Camera frame' }));
    await waitFor(() => expect(found).toEqual([['Milo 500g', 3]]));
    expect(box).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Camera frame' }));
    await waitFor(() => expect(found).toHaveLength(2));
    expect(found[1]).toEqual(['Peak Milk 400g', 1]);
    const asked = fetch.mock.calls.map(([url]) =>
      new URL(String(url), 'http://localhost').searchParams.get('barcode'),
    );
    expect(asked).toEqual(['6151234567890', 'PEAK-400']);
  });
});
