import { Anchor, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { CenteredCard } from '../../../components/centered-card';
import { CardLink } from '../../../components/card-form';
import { codeSentTo, EmailCodeForm, useCodeEmail } from '../../../components/email-code-form';
import { notify } from '../../../lib/toast';
import { useResendVerification } from '../api/resend-verification';
import { useVerifyEmail } from '../api/verify-email';
import { peekPendingSignUp, startSession, takePendingSignUp } from '../start-session';
import { paths } from '../../../config/paths';

/** "Check your inbox": the emailed code, a resend with countdown, and on to onboarding. */
export default function VerifyEmailScreen() {
  const navigate = useNavigate();
  const codeEmail = useCodeEmail(peekPendingSignUp()?.email ?? '');
  const { email } = codeEmail;
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

  return (
    <CenteredCard
      title="Verify your email"
      subtitle={codeSentTo(email, '24 hours')}
      footer={<CardLink to={paths.signIn}>Back to sign in</CardLink>}
    >
      <EmailCodeForm
        {...codeEmail}
        verify={verify}
        onVerified={(answer) => {
          if (!peekPendingSignUp()) notify.success(answer.message || 'Email verified');
          continueSignedIn(true);
        }}
        onResend={async () => (await resend.mutateAsync(email)).message}
        submitLabel="Verify email"
      >
        {peekPendingSignUp() && (
          <Text ta="center" size="sm">
            <Anchor component="button" type="button" onClick={() => continueSignedIn(false)}>
              Skip for now
            </Anchor>
          </Text>
        )}
      </EmailCodeForm>
    </CenteredCard>
  );
}
