import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fieldsRefused, renderScreen } from '../../../test/render';
import SignInScreen from './sign-in-screen';

describe('sign-in screen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("puts the server's field messages on the fields and keeps the typed email", async () => {
    const fetch = vi
      .fn()
      .mockResolvedValue(
        fieldsRefused({ email: 'Enter a valid email address', password: 'Password is required' }),
      );
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    renderScreen(<SignInScreen />);
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'ada@');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(screen.getByText('Password is required')).toBeInTheDocument());
    expect(screen.getByText('Enter a valid email address')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('ada@');
    // The body went to the server as typed: it is the one place the contract's schema runs.
    const [, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ email: 'ada@', password: '' });
  }, 20_000);
});
