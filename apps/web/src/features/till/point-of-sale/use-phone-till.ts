// Which till the screen draws, the phone's or the desktop's: a hook of its own because the
// choice is read once at the first draw (no flash of the other layout) and then follows the width.
import { useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { readNow } from './use-has-keyboard';

/** Below the `md` breakpoint the till is the phone till (issue 31): a grid, a Charge bar, the cart as a sheet. */
export function usePhoneTill(): boolean {
  const query = `(min-width: ${useMantineTheme().breakpoints.md})`;
  return !useMediaQuery(query, readNow(query), { getInitialValueInEffect: false });
}
