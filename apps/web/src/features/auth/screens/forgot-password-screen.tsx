import { emailBody } from '@tillbook/contract/auth';
import { useNavigate } from 'react-router';
import { CardForm, EmailInput, CardLink } from '../../../components/card-form';
import { CenteredCard } from '../../../components/centered-card';
import { showFormError, useSchemaForm } from '../../../lib/forms';
import { notify } from '../../../lib/toast';
import { useForgotPassword } from '../api/forgot-password';
import { paths } from '../../../config/paths';

export default function ForgotPasswordScreen() {
  const navigate = useNavigate();
  const forgot = useForgotPassword();
  const form = useSchemaForm(emailBody, { email: '' });

  const submit = form.onSubmit(({ email }) =>
    forgot.mutate(email, {
      onSuccess: (answer) => {
        notify.success(answer.message || 'Check your email for a code');
        navigate(paths.emailOtpFor(email.trim().toLowerCase()));
      },
      onError: (error) => showFormError(form, error),
    }),
  );

  return (
    <CenteredCard
      title="Forgot your password?"
      subtitle="Enter the email of your account and we will send you a 6-digit code to reset it."
      footer={<CardLink to={paths.signIn}>Back to sign in</CardLink>}
    >
      <CardForm onSubmit={submit} submitLabel="Send code" loading={forgot.isPending}>
        <EmailInput {...form.getInputProps('email')} />
      </CardForm>
    </CenteredCard>
  );
}
