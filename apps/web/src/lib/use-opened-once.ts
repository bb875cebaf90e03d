import { useState } from 'react';

/**
 * True from the first time `opened` is: a dialog is drawn when first opened, then kept for its
 * closing transition. A closed Mantine modal still mounts its portal and transitions, each drawing
 * again once mounted, which a phone pays for on a screen's first paint (decision 0023, addendum).
 */
export function useOpenedOnce(opened: boolean): boolean {
  const [once, setOnce] = useState(opened);
  if (opened && !once) setOnce(true);
  return once;
}
