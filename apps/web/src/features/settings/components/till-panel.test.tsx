import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@tillbook/contract/constants';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderScreen } from '../../../test/render';
import { TillPanel } from './till-panel';

const saved = {
  offline_max_hours: 24,
  offline_max_sales: 200,
  offline_stock_rule: 'allow_negative',
  shift_required: false,
};
const answer = (data: unknown) => jsonResponse(200, { success: true, message: 'OK', data });

describe('till rules panel', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the saved rules and sends the changed ones', async () => {
    const fetch = vi
      .fn()
      .mockImplementationOnce(() => Promise.resolve(answer(saved)))
      // A fresh Response each time: the refetch after saving reads its own body.
      .mockImplementation(() =>
        Promise.resolve(
          answer({
            ...saved,
            offline_max_hours: 12,
            offline_stock_rule: 'hold_for_review',
            shift_required: true,
          }),
        ),
      );
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    renderScreen(<TillPanel canEdit storeName="Mama Put" />);

    const hours = await screen.findByRole('textbox', { name: /Hours a sale may wait offline/ });
    expect(hours).toHaveValue('24');
    expect(screen.getByRole('radio', { name: /let stock go below zero/ })).toBeChecked();
    await user.clear(hours);
    await user.type(hours, '12');
    await user.click(screen.getByRole('radio', { name: /Hold the sale for a decision/ }));
    const shifts = screen.getByRole('switch', { name: /A shift must be open to sell at the till/ });
    expect(shifts).not.toBeChecked();
    await user.click(shifts);
    await user.click(screen.getByRole('button', { name: 'Save till rules' }));

    await waitFor(() => expect(screen.getByText(MESSAGES.saved)).toBeVisible());
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /Hours a sale may wait offline/ })).toHaveValue('12'),
    );
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(String(put[0])).toBe('/api/v1/till/settings');
    expect(JSON.parse(put[1].body)).toEqual({
      offline_max_hours: 12,
      offline_max_sales: 200,
      offline_stock_rule: 'hold_for_review',
      shift_required: true,
    });
    expect(screen.getByRole('switch', { name: /A shift must be open to sell at the till/ })).toBeChecked();
  }, 20_000);

  it('shows the contract message next to a field out of range without calling the server', async () => {
    const fetch = vi.fn().mockImplementation(() => Promise.resolve(answer(saved)));
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    renderScreen(<TillPanel canEdit storeName="Mama Put" />);

    const sales = await screen.findByRole('textbox', { name: /Sales that may wait on one device/ });
    await user.clear(sales);
    await user.click(screen.getByRole('button', { name: 'Save till rules' }));

    expect(await screen.findByText('Sales must be a whole number from 1 to 1000')).toBeVisible();
    expect(fetch).toHaveBeenCalledTimes(1);
  }, 20_000);

  it('lets a role without settings.manage read the rules but not change them', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockImplementation(() => Promise.resolve(answer(saved))),
    );
    renderScreen(<TillPanel canEdit={false} storeName="Mama Put" />);

    expect(await screen.findByText('Your role cannot change the till rules.')).toBeVisible();
    expect(screen.getByRole('textbox', { name: /Hours a sale may wait offline/ })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save till rules' })).toBeNull();
    // What a cashier can set here, the till's printer, comes before the rules they only read.
    expect(screen.getAllByRole('heading', { level: 4 }).map((h) => h.textContent)).toEqual([
      "This till's printer",
      'Offline selling',
      'Shifts',
    ]);
  }, 20_000);

  it('moves the printer card, not draws it again, when the member turns out to manage settings', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockImplementation(() => Promise.resolve(answer(saved))),
    );
    // The member's record arrives after the screen is drawn: until then they may not edit.
    function Granted() {
      const [canEdit, setCanEdit] = useState(false);
      return (
        <>
          <button onClick={() => setCanEdit(true)}>record arrives</button>
          <TillPanel canEdit={canEdit} storeName="Mama Put" />
        </>
      );
    }
    const user = userEvent.setup();
    renderScreen(<Granted />);
    await screen.findByText('Your role cannot change the till rules.');
    const printer = screen.getByRole('heading', { name: "This till's printer" });
    await user.click(screen.getByRole('button', { name: 'record arrives' }));

    expect(screen.getAllByRole('heading', { level: 4 }).map((h) => h.textContent)).toEqual([
      'Offline selling',
      'Shifts',
      "This till's printer",
    ]);
    // The same element: a printer choice open at that moment stays open (a remount closed it).
    expect(screen.getByRole('heading', { name: "This till's printer" })).toBe(printer);
  }, 20_000);

  it('offers a retry when the rules cannot be loaded', async () => {
    const message = 'Something went wrong on our side. Try again.';
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockImplementation(() =>
          Promise.resolve(
            jsonResponse(500, { success: false, message, error: { code: 'INTERNAL', message } }),
          ),
        ),
    );
    renderScreen(<TillPanel canEdit storeName="Mama Put" />);
    expect(await screen.findByRole('button', { name: /Try again|Retry/ }, { timeout: 10_000 })).toBeVisible();
  }, 20_000);
});
