import { useForm } from '@mantine/form';
import { useNavigate } from 'react-router';
import { CardForm, EmailInput, CardPrompt, CurrentPasswordInput } from '../../../components/card-form';
import { CenteredCard } from '../../../components/centered-card';
import { showFormError } from '../../../lib/forms';
import { readSession } from '../../../lib/session';
import { useSignIn } from '../api/sign-in';
import { startSession } from '../start-session';
import { paths } from '../../../config/paths';

export default function SignInScreen() {
  const navigate = useNavigate();
  const signIn = useSignIn();
  // No schema in the browser here: the server checks the body with the contract's `signInBody`
  // and its 400 puts each message on its field. Zod is the largest library a form needs, and
  // leaving it out keeps the app's front door at the bundle target (decision 0026).
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: readSession()?.user.email ?? '', password: '' },
  });

  const submit = form.onSubmit((values) =>
    signIn.mutate(values, {
      onSuccess: (data) => startSession(data, () => navigate(paths.home, { replace: true })),
      onError: (error) => {
        // The spec: show the server's text and reset the login state.
        form.setFieldValue('password', '');
        showFormError(form, error);
      },
    }),
  );

  return (
    <CenteredCard
      title="Sign in"
      subtitle="Welcome back. Sign in to run your shop."
      footer={<CardPrompt question="New to Tillbook?" to={paths.signUp} link="Create an account" />}
    >
      <CardForm onSubmit={submit} submitLabel="Sign in" loading={signIn.isPending}>
        <EmailInput {...form.getInputProps('email')} />
        <CurrentPasswordInput {...form.getInputProps('password')} />
      </CardForm>
    </CenteredCard>
  );
}
