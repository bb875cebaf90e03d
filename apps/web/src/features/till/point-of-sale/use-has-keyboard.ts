import { useMediaQuery } from '@mantine/hooks';

/**
 * Whether the device has a mouse or trackpad, so most likely a keyboard: the till's shortcut
 * hints (F2, F3, F8, the shortcuts panel) are shown only then (issue 31), never on a touch screen.
 */
export const KEYBOARD_QUERY = '(hover: hover) and (pointer: fine)';

export function useHasKeyboard(): boolean {
  return useMediaQuery(KEYBOARD_QUERY, readNow(KEYBOARD_QUERY), { getInitialValueInEffect: false });
}

/** The media query's answer at the first drawing (no hint flashing in, then out). */
export function readNow(query: string): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(query).matches
    : false;
}
