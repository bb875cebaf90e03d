import type { BarcodeMatch } from '@tillbook/contract/products';
import { useMemo, useRef, useState } from 'react';
import { messageOf } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useStableCallback } from '../../../lib/use-stable-callback';
import { findByBarcode } from '../api/lookups';
import { parseScan } from '../components/cart';
import { withTypedQuantity } from './camera-code';

/**
 * The scan box: what is typed in it, and the look-ups of what was scanned. Scanners type the
 * next code while the last one is still being looked up: the box is emptied at once and the
 * look-ups run one after another, in the order scanned, each found product handed to `onFound`
 * with the variant and pack its code names.
 */
export function useScanner(onFound: (match: BarcodeMatch, quantity: number) => void) {
  const [text, setText] = useState('');
  const [looking, setLooking] = useState(false);
  const lookups = useRef<Promise<void>>(Promise.resolve());
  const pending = useRef(0);

  /**
   * Looks up what is in the box, or `value` (a code the camera read, with the box's `3*` if the
   * cashier typed one): both go the same way, so a camera scan multiplies and queues like a typed one.
   */
  const scan = useStableCallback((value: string = text) => {
    const parsed = parseScan(value);
    setText('');
    if (!parsed) return;
    pending.current += 1;
    setLooking(true);
    lookups.current = lookups.current.then(async () => {
      try {
        onFound(await findByBarcode(parsed.code), parsed.quantity);
      } catch (error) {
        notify.error(messageOf(error));
      } finally {
        pending.current -= 1;
        if (pending.current === 0) setLooking(false);
      }
    });
  });

  /** A code the camera read: looked up like a typed scan, times the `3*` typed in the box first. */
  const scanFromCamera = useStableCallback((code: string) => scan(withTypedQuantity(text, code)));

  // One object while nothing in it changes: the scan panel is drawn again only when it does.
  return useMemo(
    () => ({ text, setText, looking, scan, scanFromCamera }),
    [text, looking, scan, scanFromCamera],
  );
}

export type Scanner = ReturnType<typeof useScanner>;
