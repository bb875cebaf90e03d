import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { CenteredCard } from '../../../components/centered-card';
import { CardLink } from '../../../components/card-form';
import { codeSentTo, EmailCodeForm } from '../../../components/email-code-form';
import { notify } from '../../../lib/toast';
import { useForgotPassword } from '../api/forgot-password';
import { useVerifyOtp } from '../api/verify-otp';
import { paths } from '../../../config/paths';

/** The password reset code: 6 boxes, paste works, resend after a countdown. */
export default function EmailOtpScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const verify = useVerifyOtp();
  const resend = useForgotPassword();

  return (
    <CenteredCard
      title="Enter the code"
      subtitle={codeSentTo(email, '10 minutes')}
      footer={<CardLink to={paths.forgotPassword}>Use another email</CardLink>}
    >
      <EmailCodeForm
        email={email}
        onEmailChange={setEmail}
        askEmail={!params.get('email')}
        verify={verify}
        onVerified={(answer) => {
          notify.success(answer.message || 'Code accepted');
          navigate(paths.resetPassword(answer.data.reset_id), { replace: true });
        }}
        onResend={async () => (await resend.mutateAsync(email)).message || 'A new code is on its way'}
        submitLabel="Continue"
      />
    </CenteredCard>
  );
}
