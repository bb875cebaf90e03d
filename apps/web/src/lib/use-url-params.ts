import { useSearchParams } from 'react-router';

/** Changes to the URL's parameters: a value sets one, `null` or `''` removes it. */
export type SetUrlParams = (changes: Record<string, string | null>) => void;

/**
 * The URL's parameters, and a setter that changes some of them and keeps the rest. It replaces
 * the history entry: a chart's or a report's choices are not pages to go back through.
 */
export function useUrlParams(): [URLSearchParams, SetUrlParams] {
  const [params, setParams] = useSearchParams();
  const set: SetUrlParams = (changes) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        return next;
      },
      { replace: true },
    );
  return [params, set];
}
