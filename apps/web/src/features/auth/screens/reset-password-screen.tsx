import { Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { resetPasswordBody } from '@tillbook/contract/auth';
import { Link, useNavigate, useParams } from 'react-router';
import { CenteredCard } from '../../../components/centered-card';
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
      footer={
        <Anchor component={Link} to={paths.signIn} size="sm">
          Back to sign in
        </Anchor>
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            required
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            required
            {...form.getInputProps('confirm_password')}
          />
          <Button type="submit" loading={reset.isPending} disabled={reset.isSuccess} fullWidth>
            Reset password
          </Button>
        </Stack>
      </form>
    </CenteredCard>
  );
}
