import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CenteredCard } from '../../../components/centered-card';
import { CodeInput } from '../../../components/code-input';
import { messageOf } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useResendVerification } from '../api/resend-verification';
import { useVerifyEmail } from '../api/verify-email';
import { peekPendingSignUp, startSession, takePendingSignUp } from '../start-session';
import { paths } from '../../../config/paths';

/** "Check your inbox": the emailed code, a resend with countdown, and on to onboarding. */
export default function VerifyEmailScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [email, setEmail] = useState(params.get('email') ?? peekPendingSignUp()?.email ?? '');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const verify = useVerifyEmail();
  const resend = useResendVerification();

  const continueSignedIn = (verified: boolean) => {
    const pending = takePendingSignUp(email);
    if (pending) {
      startSession(
        { ...pending, email_verified: verified },
        () => navigate(paths.businessInfo, { replace: true }),
        { successText: verified ? 'Email verified' : 'Welcome to Tillbook', checkStore: false },
      );
    } else {
      navigate(paths.signIn, { replace: true });
    }
  };

  const submit = (value: string) => {
    if (value.length !== 6) {
      setError('The code is the 6 digits from the email');
      return;
    }
    setError(null);
    verify.mutate(
      { email, code: value },
      {
        onSuccess: (answer) => {
          if (!peekPendingSignUp()) notify.success(answer.message || 'Email verified');
          continueSignedIn(true);
        },
        onError: (e) => {
          setError(messageOf(e));
          notify.error(messageOf(e));
          setCode('');
        },
      },
    );
  };

  return (
    <CenteredCard
      title="Verify your email"
      subtitle={
        email ? (
          <>
            We sent a 6-digit code to <b>{email}</b>. It expires in 24 hours.
          </>
        ) : (
          'Enter your email and the 6-digit code we sent you.'
        )
      }
      footer={
        <Anchor component={Link} to={paths.signIn} size="sm">
          Back to sign in
        </Anchor>
      }
    >
      <Stack>
        {!params.get('email') && (
          <TextInput
            label="Email"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
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
              const answer = await resend.mutateAsync(email);
              notify.success(answer.message);
            } catch (e) {
              notify.error(messageOf(e));
              throw e;
            }
          }}
        />
        <Button onClick={() => submit(code)} loading={verify.isPending} fullWidth>
          Verify email
        </Button>
        {peekPendingSignUp() && (
          <Text ta="center" size="sm">
            <Anchor component="button" type="button" onClick={() => continueSignedIn(false)}>
              Skip for now
            </Anchor>
          </Text>
        )}
      </Stack>
    </CenteredCard>
  );
}
