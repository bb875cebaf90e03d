// The till's sale: whether the cart may be sold, sending it through the outbox and what the
// till does with the outcome (the receipt, the wait for a transfer, the manager's approval, the
// errors beside the fields). Apart from the screen, which only puts the till's panels together.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MESSAGES } from '@tillbook/contract/constants';
import type { Order } from '@tillbook/contract/orders';
import { useEffect, useState, type RefObject } from 'react';
import { ApiError, messageOf } from '../../../lib/api-client';
import { currentUserQuery } from '../../../lib/current-user';
import { queryKeys } from '../../../lib/query-keys';
import { setSaleInProgress } from '../../../lib/sale-in-progress';
import { useSession } from '../../../lib/session';
import type { OrderBody } from '../../../lib/till-db';
import { notify } from '../../../lib/toast';
import { currentShiftQuery, tillRulesQuery } from '../api/shift';
import { isOffline } from '../offline/network';
import type { OfflineTill } from '../offline/use-offline-till';
import { sell } from '../outbox/outbox';
import type { SaleOutcome } from '../outbox/sale';
import type { CreditApproval } from './credit-approval-modal';
import { awaitsTransfer } from './payment-panel';
import { creditRefusal } from './sale-transfer-dialogs';
import { SHIFT_REQUIRED_TEXT, type ShiftControl } from './shift-bar';
import type { Charges } from './use-charges';
import { newKey, type PosCart } from './use-pos-cart';
import type { PosQuote } from './use-pos-quote';

interface SaleOptions {
  storeId: string;
  till: PosCart;
  charges: Charges;
  priced: PosQuote;
  offline: OfflineTill;
  /** The shift area's float dialog, opened when the store asks for the float before a sale. */
  shiftControl: RefObject<ShiftControl | null>;
  /** Empties the till for the next customer. */
  clearTill: () => void;
  /** Closes the phone till's cart sheet once the sale is made. */
  closeSheet: () => void;
}

/**
 * The sale of the till's cart: `canSell`, `completeSale`, the mutation's "selling" state, and
 * what the last sale left for the till's dialogs (`sale`, `waitingSale`, `approval`).
 */
export function usePosSale({
  storeId,
  till,
  charges,
  priced,
  offline,
  shiftControl,
  clearTill,
  closeSheet,
}: SaleOptions) {
  const { cart, setCart } = till;
  const { items, total } = priced;
  const client = useQueryClient();
  const userId = useSession()?.user.id;
  const [sale, setSale] = useState<Order | null>(null);
  // A sale waiting for its bank transfer (decision 0065): the till shows the account until it arrives.
  const [waitingSale, setWaitingSale] = useState<Order | null>(null);
  // A sale on credit the server refused for the limit: a manager may approve it with their PIN.
  const [approval, setApproval] = useState<{ message: string; error: string | null } | null>(null);

  /**
   * Every sale goes through the till's outbox with its Idempotency-Key (decision 0052): online it
   * is sent at once; with no network it is kept, numbered by the device, and sent when the
   * network is back. The mutation only holds the till's "selling" state (and lights the
   * activity indicator): it runs with or without the network and is never kept or replayed.
   */
  const selling = useMutation({
    mutationFn: sell,
    networkMode: 'always',
    meta: { kind: 'create', persist: false },
  });

  const finishSale = (outcome: SaleOutcome) => {
    if (outcome.kind === 'recorded') {
      closeSheet();
      setApproval(null);
      if (outcome.order.transfer && outcome.order.status === 'pending') setWaitingSale(outcome.order);
      else {
        notify.success(MESSAGES.completed);
        setSale(outcome.order);
      }
      clearTill();
      // Stock, discount uses and payments changed with the sale.
      for (const keys of [
        queryKeys.orders,
        queryKeys.products,
        queryKeys.discounts,
        queryKeys.payments,
        queryKeys.insight,
        // The shift's cash expected moved with the sale.
        queryKeys.shifts,
      ])
        void client.invalidateQueries({ queryKey: keys.all(storeId) });
      return;
    }
    if (outcome.kind === 'waiting') {
      notify.success(
        `Sale saved on this till as ${outcome.sale.offlineNumber}: it is sent when the network is back.`,
      );
      closeSheet();
      setSale(outcome.sale.receipt);
      clearTill();
      void offline.retry();
      return;
    }
    // Past the customer's credit limit: a manager may approve it (the dialog says why).
    const credit = creditRefusal(outcome.error, cart.payment_type, approval);
    if (credit) {
      setApproval(credit);
      return;
    }
    // Refused: the cashier sees why beside the fields (stock, a code, a rate) and the cart stays.
    const fields = outcome.error instanceof ApiError ? outcome.error.fields : {};
    till.setSaleErrors(fields);
    if (fields.discount_code) charges.setCodeError(fields.discount_code);
    if (fields.shipping_id) charges.setShippingError(fields.shipping_id);
    notify.error(messageOf(outcome.error));
  };

  // An "update ready" reload waits while a sale is on the till or on its way (decision 0036).
  const busy = cart.lines.length > 0 || selling.isPending || offline.busy;
  useEffect(() => {
    setSaleInProgress(busy);
    return () => setSaleInProgress(false);
  }, [busy]);

  const canSell =
    cart.lines.length > 0 &&
    priced.quote.isSuccess &&
    priced.fresh &&
    !Object.keys(priced.errorsByLine).length &&
    !priced.receivedError &&
    // A sale on credit goes on a customer's account.
    (cart.payment_type !== 'credit' || cart.customer !== null) &&
    !selling.isPending;

  /** Sells the cart; `approval`: a manager's PIN for a sale on credit past the customer's limit. */
  const completeSale = (approval?: CreditApproval) => {
    const quote = priced.quote.data;
    if (!canSell || !quote) return;
    // The store asks for the float before a sale (Settings → Till); a sale made offline is never
    // held back for it (the device may not know the shift opened on another).
    // Read now, not subscribed to (the shift's answers draw only its bar). Both are undefined for
    // a role without shifts: such a sale names no shift and waits for none.
    const shift = client.getQueryData(currentShiftQuery(storeId).queryKey);
    const rules = client.getQueryData(tillRulesQuery(storeId).queryKey);
    if (rules?.shift_required && shift === null && !isOffline()) {
      shiftControl.current?.open(SHIFT_REQUIRED_TEXT);
      return;
    }
    const credit = cart.payment_type === 'credit';
    const awaiting = awaitsTransfer(cart);
    const body: OrderBody = {
      items,
      payment_type: cart.payment_type,
      channel: 'pos',
      // Left empty, the customer pays the total in full; on credit, nothing is paid now; waiting
      // for a transfer, nothing is received until it arrives.
      amount_received: awaiting ? 0 : credit ? (priced.received ?? 0) : (priced.received ?? total),
      ...(credit ? { paid_with: cart.paid_with } : {}),
      ...(credit && approval ? { credit_approval: approval } : {}),
      ...(awaiting ? { await_transfer: true } : {}),
      ...(cart.customer ? { customer_id: cart.customer.id } : {}),
      ...priced.charges,
      ...(cart.notes.trim() ? { notes: cart.notes.trim() } : {}),
      // The shift open on this device: a sale kept offline replays into it (decision 0063).
      ...(shift ? { shift_id: shift.shift.id } : {}),
    };
    const json = JSON.stringify(body);
    const attempt = cart.attempt?.body === json ? cart.attempt : { key: newKey(), body: json };
    setCart((c) => ({ ...c, attempt }));
    // The cashier is read now, not subscribed to: the user's record arriving would otherwise
    // draw the whole till again on a phone's first load (decision 0023, addendum).
    const me = client.getQueryData(currentUserQuery(userId, storeId).queryKey);
    selling.mutate(
      {
        storeId,
        key: attempt.key,
        body,
        quote,
        lines: cart.lines.map((l) => ({ variant_name: l.variant_name, pack_factor: l.pack_factor })),
        customer: cart.customer
          ? {
              id: cart.customer.id,
              name: cart.customer.name,
              phone_number: cart.customer.phone_number ?? null,
              email_address: null,
            }
          : null,
        cashier: {
          id: me?.user.id ?? '',
          name: me ? `${me.user.first_name} ${me.user.last_name}`.trim() : null,
        },
      },
      { onSuccess: finishSale },
    );
  };

  return {
    selling,
    canSell,
    completeSale,
    sale,
    setSale,
    waitingSale,
    setWaitingSale,
    approval,
    setApproval,
  };
}
