import { Button, PasswordInput } from '@mantine/core';

/**
 * The field that confirms a payment from the wallet (a transfer, a plan): the person's
 * transaction PIN when they have set one, else their password, and a switch between the two
 * (the password always works, decision 0038). The parent keeps the values and the errors.
 */
export function SecretConfirmation({
  pinSet,
  usePin,
  onSwitch,
  pin,
  onPin,
  password,
  onPassword,
  errors,
  description,
}: {
  pinSet: boolean;
  usePin: boolean;
  onSwitch: () => void;
  pin: string;
  onPin: (pin: string) => void;
  password: string;
  onPassword: (password: string) => void;
  errors: { pin?: string | undefined; password?: string | undefined };
  description: string;
}) {
  return (
    <>
      {usePin ? (
        <PasswordInput
          label="Transaction PIN"
          description={description}
          inputMode="numeric"
          autoComplete="off"
          maxLength={4}
          value={pin}
          onChange={(e) => onPin(e.currentTarget.value.replace(/\D/g, '').slice(0, 4))}
          error={errors.pin}
        />
      ) : (
        <PasswordInput
          label="Your password"
          description={description}
          autoComplete="current-password"
          value={password}
          onChange={(e) => onPassword(e.currentTarget.value)}
          error={errors.password}
        />
      )}
      {pinSet && (
        <Button variant="subtle" size="compact-sm" style={{ alignSelf: 'flex-start' }} onClick={onSwitch}>
          {usePin ? 'Use my password instead' : 'Use my PIN instead'}
        </Button>
      )}
    </>
  );
}
