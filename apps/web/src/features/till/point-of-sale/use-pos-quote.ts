import { useDebouncedValue } from '@mantine/hooks';
import { ApiError } from '../../../lib/api-client';
import { toMinor } from '../../../lib/format';
import { useOrderQuote, type QuoteBody } from '../api/quote-order';
import { changeDue, lineItem, lineKey, type Cart } from '../components/cart';

/** Line-indexed server messages (`items.2.discount`) moved onto the cart line (its key) they belong to. */
export function lineErrors(fields: Record<string, string>, lineKeys: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields)) {
    const match = /^items\.(\d+)\./.exec(path);
    const key = match ? lineKeys[Number(match[1])] : undefined;
    if (key) out[key] = message;
  }
  return out;
}

interface QuoteOptions {
  cart: Cart;
  currency: string;
  /** Field errors the last attempt to sell came back with. */
  saleErrors: Record<string, string>;
  /** The server stopped accepting the cart's discount code or shipping rate (with its reason). */
  onCodeRefused: (message: string) => void;
  onShippingRefused: (message: string) => void;
}

/**
 * The cart priced by the server (debounced as the cashier types), what the sale will send, the
 * errors per line, and the money the cashier handles: received, change and what is left owing.
 */
export function usePosQuote({ cart, currency, saleErrors, onCodeRefused, onShippingRefused }: QuoteOptions) {
  const lineDiscounts = cart.lines.map((l) => (l.discount.trim() ? toMinor(l.discount, currency) : 0));
  const badDiscount = Object.fromEntries(
    cart.lines
      .map((l, i) => [lineKey(l), lineDiscounts[i] === null ? 'Enter an amount like 500 or 500.50' : ''])
      .filter(([, m]) => m),
  ) as Record<string, string>;
  const items = cart.lines.map((l, i) => lineItem(l, lineDiscounts[i] ?? null));
  const charges = {
    ...(cart.discount_code ? { discount_code: cart.discount_code } : {}),
    ...(cart.shipping_id ? { shipping_id: cart.shipping_id } : {}),
  };
  const quoteBody: QuoteBody | null = items.length ? { items, ...charges } : null;
  const [debouncedBody] = useDebouncedValue(quoteBody, 150);
  const quote = useOrderQuote(Object.keys(badDiscount).length ? null : debouncedBody);
  const fresh = JSON.stringify(debouncedBody) === JSON.stringify(quoteBody) && !quote.isPlaceholderData;
  const fields = quote.error instanceof ApiError ? quote.error.fields : {};
  const lineKeys = cart.lines.map(lineKey);
  const errorsByLine = {
    ...lineErrors(fields, lineKeys),
    ...lineErrors(saleErrors, lineKeys),
    ...badDiscount,
  };

  // A code that stops applying (a line removed under its minimum) comes off with its reason;
  // likewise a rate switched off or deleted in settings since it was chosen.
  if (fields.discount_code && cart.discount_code && quote.isError) onCodeRefused(fields.discount_code);
  if (fields.shipping_id && cart.shipping_id && quote.isError) onShippingRefused(fields.shipping_id);

  const total = quote.data?.total ?? 0;
  const receivedTyped = cart.amount_received.trim();
  const received = receivedTyped ? toMinor(receivedTyped, currency) : null;
  const change = cart.payment_type === 'cash' ? changeDue(received, total) : 0;
  const owing = received !== null && received < total ? total - received : 0;
  // On credit the amount typed is the part paid now (none when empty); the rest goes on the account.
  const credit = cart.payment_type === 'credit';
  const onAccount = credit ? Math.max(0, total - (received ?? 0)) : 0;
  const receivedError =
    saleErrors.amount_received ??
    (receivedTyped && received === null ? 'Enter an amount like 5000 or 5,000.50' : undefined) ??
    (credit && received !== null && total > 0 && received > total
      ? 'Paid now cannot be more than the total'
      : undefined);

  return {
    items,
    charges,
    quote,
    fresh,
    fields,
    errorsByLine,
    total,
    received,
    change,
    owing,
    onAccount,
    receivedError,
  };
}

export type PosQuote = ReturnType<typeof usePosQuote>;
