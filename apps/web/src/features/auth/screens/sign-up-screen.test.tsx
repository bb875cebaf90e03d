import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fieldsRefused, renderScreen } from '../../../test/render';
import SignUpScreen from './sign-up-screen';

describe('sign-up screen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows a 400's phone number message on the field and as a toast", async () => {
    const message = 'This phone number is already used by another account';
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(fieldsRefused({ phone_number: message })));
    const user = userEvent.setup();
    const fill = async (input: HTMLElement, text: string) => {
      await user.click(input);
      await user.paste(text);
    };
    renderScreen(<SignUpScreen />);
    await fill(await screen.findByRole('textbox', { name: 'First name' }), 'Ada');
    await fill(screen.getByRole('textbox', { name: 'Last name' }), 'Obi');
    await fill(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.ng');
    await fill(screen.getByRole('textbox', { name: 'Phone number' }), '+2348012345678');
    await fill(screen.getByLabelText(/^Password/), 'sunny-day-42');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(screen.getAllByText(message)).toHaveLength(2));
    expect(screen.getByRole('textbox', { name: 'Phone number' })).toHaveAttribute('aria-invalid', 'true');
  }, 20_000);
});
