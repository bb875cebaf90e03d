import { useId as useReactId } from 'react';

/**
 * Stands in for `@mantine/hooks`' `useId` (the build swaps it in, `vite.config.ts`; decision
 * 0023's addendum of 2026-11-30). Mantine's starts with React's id and, in a layout effect, sets a
 * random one: every input, menu and popover on a screen drew a second time right after the first,
 * and its `id`, `for` and `aria-*` attributes were written again, in the same long task. React's
 * `useId` is already unique within the app's one root and the same on every render, so it is kept.
 */
export function useId(staticId?: string): string {
  const id = `mantine-${useReactId().replace(/:/g, '')}`;
  return typeof staticId === 'string' ? staticId : id;
}
