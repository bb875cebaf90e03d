import type { ProductListItem } from '@tillbook/contract/products';
import type { StoreContext } from '../lib/context.js';
import { listProducts } from '../modules/products/products.service.js';

const PAGE = 100;

/**
 * The first `count` of the store's products, in the order they were added, that `keep` keeps:
 * what the demo sells and orders, read through the product list a page at a time.
 */
export async function firstProducts(
  ctx: StoreContext,
  status: 'active' | 'all',
  keep: (p: ProductListItem) => boolean,
  count: number,
): Promise<ProductListItem[]> {
  const found: ProductListItem[] = [];
  for (let page = 1; found.length < count; page++) {
    const { items } = await listProducts(ctx, {
      page,
      perPage: PAGE,
      status,
      sort: 'created_at',
      order: 'asc',
    });
    found.push(...items.filter(keep).slice(0, count - found.length));
    if (items.length < PAGE) break;
  }
  return found;
}
