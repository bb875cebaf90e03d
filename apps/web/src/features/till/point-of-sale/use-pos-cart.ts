import type { Product } from '@tillbook/contract/products';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { messageOf } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { customerQuery } from '../api/lookups';
import {
  addSellable,
  holdCart,
  loadCart,
  loadHeldCarts,
  resumeHeldCart,
  saveCart,
  saveHeldCarts,
  stockProblem,
  type Cart,
  type HeldCart,
} from '../components/cart';
import { resolveSellable, type LineChoice } from '../components/sellable';

export const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random()}`;

export type CartUpdate = (change: (c: Cart) => Cart) => void;

/**
 * The till's cart and its held sales, kept in the browser per store, and the errors the last
 * attempt to sell left on it (any change to the cart clears them).
 */
export function usePosCart(storeId: string) {
  const [cart, setCart] = useState<Cart>(() => loadCart(storeId));
  const [held, setHeld] = useState(() => loadHeldCarts(storeId));
  const [saleErrors, setSaleErrors] = useState<Record<string, string>>({});

  // The latest cart for checks made between renders (a burst of scans).
  const cartRef = useRef(cart);
  useEffect(() => {
    cartRef.current = cart;
    saveCart(storeId, cart);
  }, [storeId, cart]);
  useEffect(() => saveHeldCarts(storeId, held), [storeId, held]);

  useCustomerFromUrl(storeId, setCart);

  const update: CartUpdate = (change) => {
    setSaleErrors({});
    setCart(change);
  };

  /**
   * Adds a product (its variant and pack as `choice` names them) unless it cannot be sold
   * (archived, no such variant or pack) or the cart would take more base units of the variant
   * than are in stock. False when nothing was added.
   */
  const add = (product: Product, quantity = 1, choice: LineChoice = {}): boolean => {
    const { sellable, problem } = resolveSellable(product, choice);
    const refused = sellable ? stockProblem(cartRef.current, sellable, quantity) : problem;
    if (refused || !sellable) {
      if (refused) notify.error(refused);
      return false;
    }
    cartRef.current = addSellable(cartRef.current, sellable, quantity);
    update((c) => addSellable(c, sellable, quantity));
    return true;
  };

  /** Parks the cart on the till; false when there was nothing to hold. */
  const hold = (): Cart | null => {
    const current = cartRef.current;
    if (current.lines.length === 0) return null;
    setHeld((h) => holdCart(h, current, newKey(), new Date()));
    setSaleErrors({});
    return current;
  };

  /** Puts a held sale back on the till (holding the one there, if any). */
  const resume = (id: string): Cart | null => {
    const resumed = resumeHeldCart(held, id, cartRef.current, newKey(), new Date());
    if (!resumed) return null;
    setCart(resumed.cart);
    setHeld(resumed.held);
    setSaleErrors({});
    return resumed.cart;
  };

  const discard = (id: string) => setHeld((list: HeldCart[]) => list.filter((x) => x.id !== id));

  return { cart, setCart, cartRef, update, add, held, hold, resume, discard, saleErrors, setSaleErrors };
}

export type PosCart = ReturnType<typeof usePosCart>;

/** `?customer=<id>` (from a customer's page): put them on the sale, then drop it from the URL. */
function useCustomerFromUrl(storeId: string, setCart: (change: (c: Cart) => Cart) => void) {
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const customerParam = params.get('customer');
  useEffect(() => {
    if (!customerParam) return;
    let live = true;
    client
      .fetchQuery(customerQuery(storeId, customerParam))
      .then((c) => {
        if (!live) return;
        setCart((x) => ({ ...x, customer: { id: c.id, name: c.full_name, phone_number: c.phone_number } }));
        setParams(
          (p) => {
            const next = new URLSearchParams(p);
            next.delete('customer');
            return next;
          },
          { replace: true },
        );
      })
      .catch((error: unknown) => live && notify.error(messageOf(error)));
    return () => {
      live = false;
    };
  }, [client, storeId, customerParam, setParams, setCart]);
}
