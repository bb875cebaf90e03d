import { useState } from 'react';
import { ApiError, messageOf } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { quoteOrder, type QuoteBody } from '../api/quote-order';
import type { CartUpdate } from './use-pos-cart';

/**
 * The discount code box (as typed, checked with the server before it goes on the cart) and the
 * reasons a code or a shipping rate was refused.
 */
export function useCharges(initialCode: string | null) {
  const [codeText, setCodeText] = useState(initialCode ?? '');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [shippingError, setShippingError] = useState<string | null>(null);
  const [checkingCode, setCheckingCode] = useState(false);

  /** Checks the typed code against the cart; accepted, it goes on the cart. */
  const applyCode = async ({
    items,
    charges,
    update,
    currency,
    onApplied,
  }: {
    items: QuoteBody['items'];
    charges: Omit<QuoteBody, 'items'>;
    update: CartUpdate;
    currency: string;
    onApplied: () => void;
  }) => {
    const code = codeText.trim().toUpperCase();
    setCodeError(null);
    if (!code) {
      update((c) => ({ ...c, discount_code: null }));
      return;
    }
    if (!items.length) {
      setCodeError('Add items before applying a code');
      return;
    }
    setCheckingCode(true);
    try {
      const priced = await quoteOrder({ items, ...charges, discount_code: code });
      update((c) => ({ ...c, discount_code: code }));
      setCodeText(code);
      notify.success(`${code} applied: ${formatMoney(priced.discount, currency)} off`);
      onApplied();
    } catch (error) {
      setCodeError(
        error instanceof ApiError ? (error.fields.discount_code ?? error.message) : messageOf(error),
      );
    } finally {
      setCheckingCode(false);
    }
  };

  /** A new sale on the till: the box shows its code (if any) and no refusal is left. */
  const reset = (code: string | null = null) => {
    setCodeText(code ?? '');
    setCodeError(null);
    setShippingError(null);
  };

  return {
    codeText,
    setCodeText,
    codeError,
    setCodeError,
    shippingError,
    setShippingError,
    checkingCode,
    applyCode,
    reset,
  };
}

export type Charges = ReturnType<typeof useCharges>;
