import { TextInput, type TextInputProps } from '@mantine/core';
import { useState } from 'react';
import { useStoreLocale } from '../lib/current-user';
import { toMajorText, toMinor } from '../lib/format';

export interface MoneyInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'defaultValue'> {
  /**
   * The amount in minor units (kobo for naira): null when the box is empty, NaN while what is
   * typed is not an amount (a form's check then names the field).
   */
  value?: number | null;
  onChange: (minor: number | null) => void;
  /** The store's currency unless given (an order in another currency). */
  currency?: string;
}

/** The amount of `text` in minor units: null when empty, NaN when it is not an amount. */
export function parseMoney(text: string, currency: string): number | null {
  if (!text.trim()) return null;
  return toMinor(text.trim(), currency) ?? Number.NaN;
}

const same = (a: number | null, b: number | null) => a === b || (Number.isNaN(a) && Number.isNaN(b));

/**
 * The one money box: a person types major units ("2,500.50"), the form holds minor units
 * (250050), as the API takes them. Spread a form field into it: `{...form.getInputProps('price')}`.
 */
export function MoneyInput({ value: given, onChange, currency, ...props }: MoneyInputProps) {
  const value = given ?? null;
  const store = useStoreLocale();
  const unit = currency ?? store.currency;
  const [text, setText] = useState(() => toMajorText(value, unit));
  // A value set from outside (a form reset, a saved record) shows as its amount; what the person
  // types is left as typed ("2,500" stays with its comma).
  const [seen, setSeen] = useState(value);
  if (!same(seen, value)) {
    setSeen(value);
    if (!Number.isNaN(value) && !same(parseMoney(text, unit), value)) setText(toMajorText(value, unit));
  }
  return (
    <TextInput
      inputMode="decimal"
      {...props}
      value={text}
      onChange={(e) => {
        const typed = e.currentTarget.value;
        setText(typed);
        onChange(parseMoney(typed, unit));
      }}
    />
  );
}
