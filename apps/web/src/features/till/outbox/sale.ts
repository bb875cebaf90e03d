import type { Order, OrderQuote } from '@tillbook/contract/orders';
import type { OfflineOutboxSale, OrderBody } from '../../../lib/till-db';

/** A sale the till hands to its outbox (`sell` in outbox.ts). */
export interface SaleInput {
  storeId: string;
  /** The sale's Idempotency-Key. */
  key: string;
  /** The body of `POST /order` (without its `offline` part: the outbox adds it when needed). */
  body: OrderBody;
  /** The cart as the till priced it (the server's quote, or the device's with no network). */
  quote: OrderQuote;
  /**
   * What a receipt names of each line that neither the body nor the quote carries, in the order
   * of `body.items`: the variant's values and the base units in one of the line's units.
   */
  lines: ReadonlyArray<{ variant_name: string; pack_factor: number }>;
  customer: Order['customer'];
  cashier: { id: string; name: string | null };
}

export type SaleOutcome =
  /** The server recorded it: its order is the receipt. */
  | { kind: 'recorded'; order: Order }
  /** Kept on the device, to be sent when the network is back. */
  | { kind: 'waiting'; sale: OfflineOutboxSale }
  /** Not taken: the reason is the cashier's to read (and the cart stays as it was). */
  | { kind: 'refused'; error: unknown };
