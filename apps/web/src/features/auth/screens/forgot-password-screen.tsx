import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { emailBody } from '@tillbook/contract/auth';
import { Link, useNavigate } from 'react-router';
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
      footer={
        <Anchor component={Link} to={paths.signIn} size="sm">
          Back to sign in
        </Anchor>
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <Button type="submit" loading={forgot.isPending} fullWidth>
            Send code
          </Button>
        </Stack>
      </form>
    </CenteredCard>
  );
}
