import {
  Anchor,
  Button,
  Group,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  type PasswordInputProps,
  type TextInputProps,
} from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../config/paths';

/** A small link to another screen, as the cards put under or inside a form. */
export function CardLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} size="sm">
      {children}
    </Anchor>
  );
}

/** "New to Tillbook? Create an account": a question and the link that answers it. */
export function CardPrompt({ question, to, link }: { question: string; to: string; link: string }) {
  return (
    <Text size="sm" c="dimmed">
      {question}{' '}
      <Anchor component={Link} to={to}>
        {link}
      </Anchor>
    </Text>
  );
}

/** The form of a card: its fields, then the one full-width button that sends it. */
export function CardForm({
  onSubmit,
  submitLabel,
  loading,
  disabled,
  children,
  after,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel: string;
  loading: boolean;
  disabled?: boolean;
  children: ReactNode;
  /** Below the button (a note). */
  after?: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        {children}
        <Button type="submit" loading={loading} disabled={disabled} fullWidth>
          {submitLabel}
        </Button>
        {after}
      </Stack>
    </form>
  );
}

/** The password of an account that exists, with the way to a new one beneath it. */
export function CurrentPasswordInput(props: PasswordInputProps) {
  return (
    <>
      <PasswordInput label="Password" autoComplete="current-password" required {...props} />
      <Group justify="flex-end" mt={-6}>
        <CardLink to={paths.forgotPassword}>Forgot password?</CardLink>
      </Group>
    </>
  );
}

/** The password of a new account, with the rule it must meet. */
export function NewPasswordInput(props: PasswordInputProps) {
  return (
    <PasswordInput
      label="Password"
      description="At least 8 characters, with a letter and a digit"
      autoComplete="new-password"
      required
      {...props}
    />
  );
}

/** The email of an account. */
export function EmailInput(props: TextInputProps) {
  return <TextInput label="Email" type="email" autoComplete="email" required {...props} />;
}
