import { Button, Stack, TextInput } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { messageOf } from '../lib/api-client';
import { notify } from '../lib/toast';
import { CodeInput } from './code-input';

/**
 * The address a code went to: the page address's `?email=` (then it is not asked for), else
 * `fallback`, typed over by the person. Spread into `EmailCodeForm`.
 */
export function useCodeEmail(fallback = '') {
  const [params] = useSearchParams();
  const [email, setEmail] = useState(params.get('email') ?? fallback);
  return { email, onEmailChange: setEmail, askEmail: !params.get('email') };
}

/** The subtitle of a code screen: where the code went and how long it lasts. */
export function codeSentTo(email: string, expiry: string): ReactNode {
  return email ? (
    <>
      We sent a 6-digit code to <b>{email}</b>. It expires in {expiry}.
    </>
  ) : (
    'Enter your email and the 6-digit code we sent you.'
  );
}

/** A mutation that checks an emailed code. */
interface CodeCheck<Answer> {
  isPending: boolean;
  mutate(
    body: { email: string; code: string },
    options: { onSuccess: (answer: Answer) => void; onError: (error: unknown) => void },
  ): void;
}

/**
 * An emailed 6-digit code and the button that sends it: the email too when the address did not
 * bring it, the code's own error under the boxes, and a resend after a countdown.
 */
export function EmailCodeForm<Answer>({
  email,
  onEmailChange,
  askEmail,
  verify,
  onVerified,
  onResend,
  submitLabel,
  children,
}: {
  email: string;
  onEmailChange: (email: string) => void;
  askEmail: boolean;
  /** The call that checks the code; a refusal shows under the boxes and empties them. */
  verify: CodeCheck<Answer>;
  onVerified: (answer: Answer) => void;
  /** Asks for a new code; resolves to the text to show. */
  onResend: () => Promise<string>;
  submitLabel: string;
  /** Below the button. */
  children?: ReactNode;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (value: string) => {
    if (value.length !== 6) {
      setError('The code is the 6 digits from the email');
      return;
    }
    setError(null);
    verify.mutate(
      { email, code: value },
      {
        onSuccess: onVerified,
        onError: (e) => {
          setError(messageOf(e));
          notify.error(messageOf(e));
          setCode('');
        },
      },
    );
  };

  return (
    <Stack>
      {askEmail && (
        <TextInput
          label="Email"
          type="email"
          value={email}
          onChange={(e) => onEmailChange(e.currentTarget.value)}
        />
      )}
      <CodeInput
        value={code}
        onChange={setCode}
        onComplete={submit}
        error={error}
        disabled={verify.isPending}
        onResend={async () => {
          try {
            notify.success(await onResend());
          } catch (e) {
            notify.error(messageOf(e));
            throw e;
          }
        }}
      />
      <Button onClick={() => submit(code)} loading={verify.isPending} fullWidth>
        {submitLabel}
      </Button>
      {children}
    </Stack>
  );
}
