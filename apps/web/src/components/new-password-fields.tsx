import { PasswordInput, type PasswordInputProps } from '@mantine/core';

/**
 * A new password and the same typed again (resetting a forgotten one, changing one's own): the
 * two boxes the browser's password manager recognises as a new password.
 */
export function NewPasswordFields({
  password,
  confirm,
  required,
}: {
  password: PasswordInputProps;
  confirm: PasswordInputProps;
  required?: boolean;
}) {
  return (
    <>
      <PasswordInput label="New password" autoComplete="new-password" required={required} {...password} />
      <PasswordInput
        label="Confirm new password"
        autoComplete="new-password"
        required={required}
        {...confirm}
      />
    </>
  );
}
