import { startTransition, useEffect, useState } from 'react';
import { useTillFavourites, useTillTopSellers } from '../api/till-grid';
import { catalogueMeta } from '../catalogue/catalogue-cache';
import { isOffline } from '../offline/network';
import { activeProductsOnDevice, onProductIndexChanged, productsOnDevice } from '../catalogue/product-index';
import { GRID_SIZE, gridTiles, type GridTile } from './grid-tiles';

/** How many catalogue products the grid offers to pin while the owner edits it. */
const EDIT_SIZE = 60;

/**
 * The phone till's tiles, drawn from the till's copy of the catalogue (so they work offline) and
 * drawn again when that copy changes; `editing` lists more of the catalogue to pin from. `null`
 * (placeholders) until the first read, and on a device whose first copy is still on its way.
 */
export function useGridTiles(storeId: string, editing: boolean) {
  const favourites = useTillFavourites();
  const topSellers = useTillTopSellers();
  const [version, setVersion] = useState(0);
  const [tiles, setTiles] = useState<GridTile[] | null>(null);
  useEffect(() => onProductIndexChanged((id) => id === storeId && setVersion((v) => v + 1)), [storeId]);

  const pinned = favourites.data;
  const top = topSellers.data;
  useEffect(() => {
    let live = true;
    const size = editing ? EDIT_SIZE : GRID_SIZE;
    const ids = [...(pinned ?? []), ...(editing ? [] : (top ?? []))];
    Promise.all([
      productsOnDevice(storeId, ids),
      activeProductsOnDevice(storeId, size + ids.length),
      catalogueMeta(storeId),
    ])
      .then(([byId, catalogue, copy]) => {
        if (!live) return;
        const next = gridTiles(pinned ?? [], editing ? [] : (top ?? []), byId, catalogue, size);
        // A phone opening the till for the first time has no copy yet: its grid is not empty but
        // still coming, so the placeholders stay (the copy's arrival draws the tiles) rather than
        // saying "no products" for a moment. Offline or with the server out of reach, no copy can
        // come: the grid says so.
        if (next.length === 0 && !copy && !isOffline()) return;
        // Drawn in slices: the tiles come while the rest of the till is still arriving.
        startTransition(() => setTiles(next));
      })
      // No copy of the catalogue on this device (no IndexedDB): the scan box and search still sell.
      .catch(() => live && setTiles([]));
    return () => {
      live = false;
    };
  }, [storeId, pinned, top, editing, version]);

  return { tiles, pinnedIds: pinned ?? [] };
}
