import { Button } from '@mantine/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../test/render';
import { MoneyInput, parseMoney } from './money-input';

function Harness({ initial = null as number | null, currency = 'NGN' }) {
  const [value, setValue] = useState<number | null>(initial);
  return (
    <>
      <MoneyInput label="Price" currency={currency} value={value} onChange={setValue} />
      <output aria-label="Held">{value === null ? 'null' : String(value)}</output>
      <Button onClick={() => setValue(99900)}>Reset to 999</Button>
    </>
  );
}

describe('money input', () => {
  it('holds minor units of what is typed in naira; empty is null, not an amount is NaN', async () => {
    const user = userEvent.setup();
    renderScreen(<Harness />);
    const box = await screen.findByRole('textbox', { name: 'Price' });
    await user.type(box, '2,500.50');
    expect(screen.getByLabelText('Held')).toHaveTextContent('250050');
    expect(box).toHaveValue('2,500.50');
    await user.clear(box);
    expect(screen.getByLabelText('Held')).toHaveTextContent('null');
    await user.type(box, '12abc');
    expect(screen.getByLabelText('Held')).toHaveTextContent('NaN');
    expect(box).toHaveValue('12abc');
  });

  it('shows an amount given from outside (a saved record, a reset) in major units', async () => {
    const user = userEvent.setup();
    renderScreen(<Harness initial={150050} />);
    const box = await screen.findByRole('textbox', { name: 'Price' });
    expect(box).toHaveValue('1500.50');
    await user.click(screen.getByRole('button', { name: 'Reset to 999' }));
    expect(box).toHaveValue('999.00');
  });

  it('parses by the currency: a currency without minor units takes no decimals', () => {
    expect(parseMoney('1,000', 'NGN')).toBe(100000);
    expect(parseMoney('  ', 'NGN')).toBeNull();
    expect(parseMoney('10.005', 'NGN')).toBeNaN();
    expect(parseMoney('500', 'JPY')).toBe(500);
    expect(parseMoney('500.5', 'JPY')).toBeNaN();
  });
});
