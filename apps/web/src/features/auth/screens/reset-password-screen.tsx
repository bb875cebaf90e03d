import { resetPasswordBody } from '@tillbook/contract/auth';
import { useNavigate, useParams } from 'react-router';
import { CardForm, CardLink } from '../../../components/card-form';
import { CenteredCard } from '../../../components/centered-card';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { showFormError, useSchemaForm } from '../../../lib/forms';
import { notify } from '../../../lib/toast';
import { useResetPassword } from '../api/reset-password';
import { paths } from '../../../config/paths';

const REDIRECT_MS = 1000;

export default function ResetPasswordScreen() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const form = useSchemaForm(resetPasswordBody, { password: '', confirm_password: '' });

  const submit = form.onSubmit((values) =>
    reset.mutate(
      { id, ...values },
      {
        onSuccess: (answer) => {
          notify.success(answer.message || 'Password changed');
          setTimeout(() => navigate(paths.signIn, { replace: true }), REDIRECT_MS);
        },
        onError: (error) => showFormError(form, error),
      },
    ),
  );

  return (
    <CenteredCard
      title="Choose a new password"
      subtitle="Use at least 8 characters with a letter and a digit. Every device signed in to your account will be signed out."
      footer={<CardLink to={paths.signIn}>Back to sign in</CardLink>}
    >
      <CardForm
        onSubmit={submit}
        submitLabel="Reset password"
        loading={reset.isPending}
        disabled={reset.isSuccess}
      >
        <NewPasswordFields
          required
          password={form.getInputProps('password')}
          confirm={form.getInputProps('confirm_password')}
        />
      </CardForm>
    </CenteredCard>
  );
}
