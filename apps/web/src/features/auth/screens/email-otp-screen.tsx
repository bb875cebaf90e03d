import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CenteredCard } from '../../../components/centered-card';
import { CodeInput } from '../../../components/code-input';
import { messageOf } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useForgotPassword } from '../api/forgot-password';
import { useVerifyOtp } from '../api/verify-otp';
import { paths } from '../../../config/paths';

/** The password reset code: 6 boxes, paste works, resend after a countdown. */
export default function EmailOtpScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const verify = useVerifyOtp();
  const resend = useForgotPassword();

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
          notify.success(answer.message || 'Code accepted');
          navigate(paths.resetPassword(answer.data.reset_id), { replace: true });
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
      title="Enter the code"
      subtitle={
        email ? (
          <>
            We sent a 6-digit code to <b>{email}</b>. It expires in 10 minutes.
          </>
        ) : (
          'Enter your email and the 6-digit code we sent you.'
        )
      }
      footer={
        <Anchor component={Link} to={paths.forgotPassword} size="sm">
          Use another email
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
              notify.success(answer.message || 'A new code is on its way');
            } catch (e) {
              notify.error(messageOf(e));
              throw e;
            }
          }}
        />
        <Button onClick={() => submit(code)} loading={verify.isPending} fullWidth>
          Continue
        </Button>
      </Stack>
    </CenteredCard>
  );
}
