import { useNavigate } from 'react-router';
import { CenteredCard } from '../../../components/centered-card';
import { CardLink } from '../../../components/card-form';
import { codeSentTo, EmailCodeForm, useCodeEmail } from '../../../components/email-code-form';
import { notify } from '../../../lib/toast';
import { useForgotPassword } from '../api/forgot-password';
import { useVerifyOtp } from '../api/verify-otp';
import { paths } from '../../../config/paths';

/** The password reset code: 6 boxes, paste works, resend after a countdown. */
export default function EmailOtpScreen() {
  const navigate = useNavigate();
  const codeEmail = useCodeEmail();
  const { email } = codeEmail;
  const verify = useVerifyOtp();
  const resend = useForgotPassword();

  return (
    <CenteredCard
      title="Enter the code"
      subtitle={codeSentTo(email, '10 minutes')}
      footer={<CardLink to={paths.forgotPassword}>Use another email</CardLink>}
    >
      <EmailCodeForm
        {...codeEmail}
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
