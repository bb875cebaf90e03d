import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * A function that keeps one identity for the component's life and always calls the latest `fn`:
 * a child wrapped in `memo` that takes it as a prop is not drawn again because its parent was
 * (the till's panels, decision 0023 addendum). Call it from handlers, not while rendering.
 */
export function useStableCallback<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const latest = useRef(fn);
  useLayoutEffect(() => {
    latest.current = fn;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}
