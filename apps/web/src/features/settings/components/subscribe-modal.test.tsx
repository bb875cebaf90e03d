import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CurrentSubscription, Plan } from '@tillbook/contract/subscriptions';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { signedInForEachTest } from '../../../test/session';
import { okResponse, renderScreen } from '../../../test/render';
import { SubscribeModal } from './subscribe-modal';

const growth: Plan = {
  code: 'GRO001',
  name: 'GROWTH',
  label: 'Growth',
  price: 1_500_000,
  currency: 'NGN',
  period: 'month',
  members: 5,
  stores: 3,
  live_api_calls: null,
  button: 'Upgrade to plan',
  features: [],
};
const starter = { ...growth, code: 'FREEMIUM', name: 'FREEMIUM', price: 0, period: null } as Plan;
const current = (over: Partial<CurrentSubscription> = {}): CurrentSubscription => ({
  plan: starter,
  active: false,
  start_date: null,
  end_date: null,
  days_left: null,
  usage: { members: 1, stores: 1 },
  over_limit: { members: false, stores: false },
  ...over,
});

const servePin = (pinSet: boolean) => vi.fn(async () => okResponse({ pin_set: pinSet, updated_at: null }));

describe('paying for a plan', () => {
  signedInForEachTest();

  it('shows the price and when it starts, and sends nothing until the password is given', async () => {
    vi.stubGlobal('fetch', servePin(false));
    const onConfirm = vi.fn(async () => {});
    const user = userEvent.setup();
    renderScreen(
      <SubscribeModal plan={growth} current={current()} onClose={() => {}} onConfirm={onConfirm} />,
    );
    expect(await screen.findByTestId('confirm-price')).toHaveTextContent('₦15,000.00 for one month');
    expect(screen.getByText('today')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Pay ₦15,000.00' }));
    expect(await screen.findByText('Enter your password to confirm')).toBeVisible();
    expect(onConfirm).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText(/Your password/), 'sunny-day-42');
    await user.click(screen.getByRole('button', { name: 'Pay ₦15,000.00' }));
    await waitFor(() =>
      expect(onConfirm).toHaveBeenCalledWith({ plan_code: 'GRO001', password: 'sunny-day-42' }),
    );
  }, 30_000);

  it('asks for the PIN when one is set; a refusal is shown next to the field', async () => {
    vi.stubGlobal('fetch', servePin(true));
    const onConfirm = vi.fn(async () => {
      throw new ApiError('The PIN is not correct.', {
        status: 422,
        body: { error: { code: 'UNPROCESSABLE', fields: { pin: 'The PIN is not correct' } } },
      });
    });
    const user = userEvent.setup();
    renderScreen(
      <SubscribeModal
        plan={growth}
        current={current({ plan: growth, active: true, end_date: '2026-12-27' })}
        onClose={() => {}}
        onConfirm={onConfirm}
      />,
    );
    expect(screen.getByText('after 2026-12-27')).toBeVisible();
    await user.type(await screen.findByLabelText(/Transaction PIN/), '4821');
    await user.click(screen.getByRole('button', { name: 'Pay ₦15,000.00' }));
    expect(await screen.findAllByText(/The PIN is not correct/)).not.toHaveLength(0);
    expect(onConfirm).toHaveBeenCalledWith({ plan_code: 'GRO001', pin: '4821' });
    expect(screen.getByRole('button', { name: 'Use my password instead' })).toBeVisible();
  }, 30_000);
});
