import type { Product } from '@tillbook/contract/products';

/** How many tiles the grid fills with top sellers and the catalogue (pinned ones are all shown). */
export const GRID_SIZE = 12;

export interface GridTile {
  product: Product;
  pinned: boolean;
}

/**
 * The phone till's tiles (decision 0056): the pinned products in the order pinned, then the top
 * sellers, then the catalogue by name, until `size` tiles; each product once, archived or unknown
 * ones (deleted, or not yet in the till's copy) left out. Offline with nothing kept of the
 * favourites or top sellers, the grid is the catalogue's first products.
 */
export function gridTiles(
  pinnedIds: readonly string[],
  topSellerIds: readonly string[],
  byId: ReadonlyMap<string, Product>,
  catalogue: readonly Product[],
  size = GRID_SIZE,
): GridTile[] {
  const tiles: GridTile[] = [];
  const seen = new Set<string>();
  const put = (product: Product | undefined, pinned: boolean) => {
    if (!product || product.status !== 'active' || seen.has(product.id)) return;
    seen.add(product.id);
    tiles.push({ product, pinned });
  };
  for (const id of pinnedIds) put(byId.get(id), true);
  for (const id of topSellerIds) if (tiles.length < size) put(byId.get(id), false);
  for (const product of catalogue) if (tiles.length < size) put(product, false);
  return tiles;
}

/** The letters a tile shows for a product without an image: "Peak Milk" → "PM", "Coke 50cl" → "CO". */
export function initialsOf(name: string): string {
  const all = name.trim().split(/\s+/).filter(Boolean);
  // Sizes and weights ("500g", "50cl") say little about the product: words with a letter first.
  const words = all.filter((w) => /^\p{L}/u.test(w));
  const use = words.length ? words : all;
  const letters = use.length > 1 ? [use[0]![0], use[1]![0]] : [...(use[0] ?? '?')].slice(0, 2);
  return letters.join('').toUpperCase();
}
