import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@tillbook/contract/constants';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderScreen } from '../../../test/render';
import { TaxRuleModal } from './tax-rule-modal';

describe('tax rule form', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the spec's three messages next to their fields without calling the server", async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    renderScreen(
      <TaxRuleModal rule={null} place={{ country: 'Nigeria', state: 'Lagos' }} onClose={() => {}} />,
    );
    await user.clear(await screen.findByRole('textbox', { name: /^Country/ }));
    await user.click(screen.getByRole('button', { name: 'Remove rate 1' }));
    // Mantine's tags input: Backspace on the empty input removes the last state.
    await user.click(screen.getByRole('combobox', { name: /^States/ }));
    await user.keyboard('{Backspace}');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(MESSAGES.taxCountryEmpty)).toBeVisible();
    expect(screen.getByText(MESSAGES.taxStatesEmpty)).toBeVisible();
    expect(screen.getByText(MESSAGES.taxRatesEmpty)).toBeVisible();
    expect(fetch).not.toHaveBeenCalled();
  }, 20_000);

  it("puts the server's field message on its field and shows it as a toast", async () => {
    const message =
      'Lagos already has a tax rule in Nigeria. A state can belong to only one tax rule per country.';
    const fetch = vi.fn().mockResolvedValue(
      jsonResponse(409, {
        success: false,
        message,
        error: { code: 'CONFLICT', message, fields: { states: 'Already in another tax rule: Lagos' } },
      }),
    );
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    renderScreen(
      <TaxRuleModal rule={null} place={{ country: 'Nigeria', state: 'Lagos' }} onClose={() => {}} />,
    );
    await user.type(await screen.findByRole('textbox', { name: 'Percent of rate 1' }), '7.5');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Already in another tax rule: Lagos')).toBeVisible();
    await waitFor(() => expect(screen.getByText(message)).toBeVisible());
    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toBe('/api/v1/tax');
    expect(JSON.parse(init.body)).toEqual({
      country: 'Nigeria',
      states: ['Lagos'],
      rates: [{ name: 'VAT', rate: 7.5 }],
      inclusive: false,
    });
  }, 20_000);
});
