/**
 * Where pages of the newest-first list start (offset → id), per store, status and direction, in
 * this process, with the `products.positions` value they were read under. An OFFSET walks every
 * entry it skips (page 1,000 walks 9,990 index entries); starting from a remembered page start
 * walks only the distance from it. The page's statement reads the positions counter too, in the
 * same snapshot as its rows: a start remembered under another value is never trusted, and a
 * change of positions forgets the starts.
 */
export interface PageStarts {
  positions: number;
  starts: Map<number, string>;
}
const PAGE_STARTS = new Map<string, PageStarts>();
const MAX_PAGE_START_KEYS = 200;
const MAX_PAGE_STARTS = 2_000;

export function pageStarts(key: string): PageStarts {
  let entry = PAGE_STARTS.get(key);
  if (!entry) {
    if (PAGE_STARTS.size >= MAX_PAGE_START_KEYS) PAGE_STARTS.delete(PAGE_STARTS.keys().next().value!);
    entry = { positions: -1, starts: new Map() };
    PAGE_STARTS.set(key, entry);
  }
  return entry;
}

export function rememberPageStart(starts: Map<number, string>, offset: number, id: string): void {
  if (offset === 0 || starts.has(offset)) return;
  if (starts.size >= MAX_PAGE_STARTS) starts.delete(starts.keys().next().value!);
  starts.set(offset, id);
}
