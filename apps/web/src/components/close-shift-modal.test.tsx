import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ShiftSummary } from '@tillbook/contract/shifts';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../test/render';
import { CloseShiftModal } from './close-shift-modal';

const person = { id: 'u1', name: 'Ada Obi' };

/** A shift opened with ₦5,000, a ₦3,000 cash sale and a ₦500 payout: ₦7,500 expected. */
function summaryOf(changes: Partial<ShiftSummary> = {}): ShiftSummary {
  const shift = {
    id: 's1',
    number: 'SH-000001',
    status: 'open' as const,
    member: person,
    opening_float: 500_000,
    expected_cash: 750_000,
    counted_cash: null,
    difference: null,
    note: null,
    opened_at: '2026-11-30T08:00:00.000Z',
    closed_at: null,
    closed_by: null,
  };
  return {
    shift,
    currency: 'NGN',
    opening_float: 500_000,
    cash_sales: 300_000,
    cash_payments: 0,
    cash_refunds: 0,
    pay_ins: 0,
    pay_outs: 50_000,
    expected_cash: 750_000,
    counted_cash: null,
    difference: null,
    takings: [
      { payment_type: 'cash', amount: 300_000, count: 1 },
      { payment_type: 'card', amount: 0, count: 0 },
    ],
    refunds_by_type: [],
    sales_count: 1,
    sales_total: 300_000,
    refunds_count: 0,
    refunds_total: 0,
    discounts: 0,
    movements: [
      {
        id: 'm1',
        type: 'out',
        amount: 50_000,
        reason: 'Water supplier',
        created_by: person,
        created_at: '2026-11-30T09:00:00.000Z',
      },
    ],
    opened_by: person,
    closed_by: null,
    ...changes,
  };
}

const figures = () => within(screen.getByTestId('close-figures'));

describe('closing a shift', () => {
  it('adds the notes and coins counted and shows the difference before confirming', async () => {
    const onConfirm = vi.fn();
    const user = userEvent.setup();
    renderScreen(
      <CloseShiftModal
        opened
        onClose={() => {}}
        current={summaryOf()}
        closed={null}
        pending={false}
        onConfirm={onConfirm}
      />,
    );

    expect(await screen.findByTestId('close-expected')).toHaveTextContent('₦7,500.00');
    expect(screen.getByTestId('close-counted')).toHaveTextContent('—');
    expect(screen.getByTestId('close-difference')).toHaveTextContent('—');

    // 7 × ₦1,000 + 1 × ₦200 + 3 × 50 kobo = ₦7,201.50: ₦298.50 short.
    await user.type(screen.getByRole('textbox', { name: 'How many ₦1,000' }), '7');
    await user.type(screen.getByRole('textbox', { name: 'How many ₦200' }), '1');
    await user.type(screen.getByRole('textbox', { name: 'How many ₦0.50' }), '3');
    expect(screen.getByTestId('counted-100000')).toHaveTextContent('₦7,000.00');
    expect(screen.getByTestId('counted-50')).toHaveTextContent('₦1.50');
    expect(figures().getByTestId('close-counted')).toHaveTextContent('₦7,201.50');
    expect(figures().getByTestId('close-difference')).toHaveTextContent('Short ₦298.50');
    expect(screen.getByTestId('close-difference')).toHaveAttribute('data-state', 'short');
    expect(onConfirm).not.toHaveBeenCalled();

    // Three more ₦100 notes: ₦1.50 over.
    await user.type(screen.getByRole('textbox', { name: 'How many ₦100' }), '3');
    expect(screen.getByTestId('close-difference')).toHaveTextContent('Over ₦1.50');
    expect(screen.getByTestId('close-difference')).toHaveAttribute('data-state', 'over');

    await user.type(screen.getByRole('textbox', { name: 'Note' }), '  Till roll bought  ');
    await user.click(screen.getByRole('button', { name: 'Close shift' }));
    expect(onConfirm).toHaveBeenCalledWith({ counted_cash: 750_150, note: 'Till roll bought' });
  }, 20_000);

  it('shows exact when the count matches, and sends nothing before a count', async () => {
    const onConfirm = vi.fn();
    const user = userEvent.setup();
    renderScreen(
      <CloseShiftModal
        opened
        onClose={() => {}}
        current={summaryOf()}
        closed={null}
        pending={false}
        onConfirm={onConfirm}
      />,
    );
    await user.click(await screen.findByRole('button', { name: 'Close shift' }));
    expect(screen.getByText('Count the notes and coins in the drawer (0 if it is empty).')).toBeVisible();
    expect(onConfirm).not.toHaveBeenCalled();

    await user.type(screen.getByRole('textbox', { name: 'How many ₦500' }), '15');
    expect(screen.getByTestId('close-difference')).toHaveTextContent('Exact');
    expect(screen.getByTestId('close-difference')).toHaveAttribute('data-state', 'exact');
    await user.click(screen.getByRole('button', { name: 'Close shift' }));
    expect(onConfirm).toHaveBeenCalledWith({ counted_cash: 750_000 });
  }, 20_000);

  it('asks for one total in a currency whose notes are not listed', async () => {
    const onConfirm = vi.fn();
    const user = userEvent.setup();
    renderScreen(
      <CloseShiftModal
        opened
        onClose={() => {}}
        current={summaryOf({ currency: 'KES', expected_cash: 10_000 })}
        closed={null}
        pending={false}
        onConfirm={onConfirm}
      />,
    );
    expect(screen.queryByRole('group', { name: 'Notes and coins counted' })).toBeNull();
    await user.type(await screen.findByRole('textbox', { name: 'Cash counted' }), '95');
    expect(screen.getByTestId('close-difference')).toHaveAttribute('data-state', 'short');
    await user.click(screen.getByRole('button', { name: 'Close shift' }));
    expect(onConfirm).toHaveBeenCalledWith({ counted_cash: 9_500 });
  }, 20_000);

  it('shows the Z-report once closed', async () => {
    const closed = summaryOf({
      counted_cash: 740_000,
      difference: -10_000,
      shift: {
        ...summaryOf().shift,
        status: 'closed',
        closed_at: '2026-11-30T17:00:00.000Z',
        closed_by: person,
      },
      closed_by: person,
    });
    renderScreen(
      <CloseShiftModal
        opened
        onClose={() => {}}
        current={summaryOf()}
        closed={closed}
        pending={false}
        onConfirm={() => {}}
      />,
    );
    const drawer = within(await screen.findByTestId('z-report-drawer'));
    expect(drawer.getByText('Opening float').nextSibling).toHaveTextContent('₦5,000.00');
    expect(drawer.getByText('Cash sales').nextSibling).toHaveTextContent('₦3,000.00');
    expect(drawer.getByText('Payouts').nextSibling).toHaveTextContent('−₦500.00');
    expect(drawer.getByText('Expected cash').nextSibling).toHaveTextContent('₦7,500.00');
    expect(drawer.getByText('Counted cash').nextSibling).toHaveTextContent('₦7,400.00');
    expect(drawer.getByText('Difference').nextSibling).toHaveTextContent('Short ₦100.00');
    const takings = within(screen.getByTestId('z-report-takings'));
    expect(takings.getByText('Cash').closest('tr')).toHaveTextContent('Cash1₦3,000.00');
    expect(screen.getByText('Payout: Water supplier')).toBeVisible();
    for (const name of ['Print 80 mm', 'PDF (A4)', 'Share', 'Done'])
      expect(screen.getByRole('button', { name })).toBeVisible();
  }, 20_000);
});
