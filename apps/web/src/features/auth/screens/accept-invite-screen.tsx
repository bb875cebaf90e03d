import { Alert, Button, Loader, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { acceptInviteNewPasswordForm, acceptInviteSignInForm } from '@tillbook/contract/auth';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CardForm, CurrentPasswordInput, NewPasswordInput } from '../../../components/card-form';
import { CenteredCard } from '../../../components/centered-card';
import { messageOf } from '../../../lib/api-client';
import { showFormError, useSchemaForm, withoutEmpty } from '../../../lib/forms';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { useAcceptInvite, type AcceptInviteBody } from '../api/accept-invite';
import { useInvitation, type Invitation } from '../api/invitation';
import { startSession } from '../start-session';
import { paths } from '../../../config/paths';

/**
 * Opened from an invitation email. A person new to Tillbook chooses a password; someone with an
 * account signs in with it, or accepts with one click when this browser is signed in as them.
 * Either way they join the store and land on its home.
 */
export default function AcceptInviteScreen() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const invitation = useInvitation(token);
  const session = useSession();
  const data = invitation.data;

  if (token.length < 10 || invitation.isError) {
    return (
      <CenteredCard title="This invitation cannot be used">
        <Stack>
          <Text role="alert">
            {token.length < 10
              ? 'The invitation link is incomplete. Open it again from the email.'
              : messageOf(invitation.error)}
          </Text>
          <Button component={Link} to={paths.signIn}>
            Go to sign in
          </Button>
        </Stack>
      </CenteredCard>
    );
  }
  if (!data) {
    return (
      <CenteredCard title="Opening your invitation">
        <Stack align="center" py="md">
          <Loader />
        </Stack>
      </CenteredCard>
    );
  }

  const signedInAsInvitee = session?.user.email === data.email;
  return (
    <CenteredCard
      title={`Join ${data.business_name}`}
      subtitle={
        <>
          You were invited as <b>{data.role}</b> with {data.email}.
        </>
      }
    >
      {!data.has_account ? (
        <ChoosePassword token={token} invitation={data} />
      ) : signedInAsInvitee ? (
        <AcceptSignedIn token={token} invitation={data} />
      ) : (
        <SignInToAccept token={token} invitation={data} />
      )}
    </CenteredCard>
  );
}

interface FormProps {
  token: string;
  invitation: Invitation;
}

/** Accepts, then starts the invitee's session in the store they joined. */
function useAccept() {
  const navigate = useNavigate();
  const accept = useAcceptInvite();
  const send = (body: AcceptInviteBody, onError: (error: unknown) => void) =>
    accept.mutate(body, {
      onSuccess: (answer) =>
        startSession(answer.data, () => navigate(paths.home, { replace: true }), {
          successText: answer.message || 'Welcome to the team',
        }),
      onError,
    });
  return { send, pending: accept.isPending };
}

function ChoosePassword({ token, invitation }: FormProps) {
  const accept = useAccept();
  const form = useSchemaForm(acceptInviteNewPasswordForm, {
    token,
    password: '',
    first_name: '',
    last_name: '',
  });
  useEffect(() => {
    form.setValues({ first_name: invitation.first_name ?? '', last_name: invitation.last_name ?? '' });
    // Fill the names once, when the invitation arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [invitation]);

  const submit = form.onSubmit((values) =>
    accept.send(withoutEmpty(values) as AcceptInviteBody, (error) => showFormError(form, error)),
  );
  return (
    <CardForm onSubmit={submit} submitLabel="Accept and sign in" loading={accept.pending}>
      <Text size="sm">Choose a password for your Tillbook account to accept.</Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <TextInput label="First name" autoComplete="given-name" {...form.getInputProps('first_name')} />
        <TextInput label="Last name" autoComplete="family-name" {...form.getInputProps('last_name')} />
      </SimpleGrid>
      <NewPasswordInput {...form.getInputProps('password')} />
      <Text size="xs" c="dimmed">
        If you signed up with this email before without verifying it, this password replaces that one.
      </Text>
    </CardForm>
  );
}

function SignInToAccept({ token, invitation }: FormProps) {
  const accept = useAccept();
  const form = useSchemaForm(acceptInviteSignInForm, { token, password: '' });
  const submit = form.onSubmit((values) =>
    accept.send(values, (error) => {
      form.setFieldValue('password', '');
      showFormError(form, error);
    }),
  );
  return (
    <CardForm onSubmit={submit} submitLabel="Sign in and accept" loading={accept.pending}>
      <Alert variant="light" color="blue">
        You already have a Tillbook account. Sign in with it to accept.
      </Alert>
      <TextInput label="Email" value={invitation.email} readOnly autoComplete="username" />
      <CurrentPasswordInput {...form.getInputProps('password')} />
    </CardForm>
  );
}

function AcceptSignedIn({ token, invitation }: FormProps) {
  const accept = useAccept();
  return (
    <Stack>
      <Text size="sm">
        You are signed in as <b>{invitation.email}</b>.
      </Text>
      <Button
        loading={accept.pending}
        fullWidth
        onClick={() => accept.send({ token }, (error) => notify.error(messageOf(error)))}
      >
        Accept invitation
      </Button>
    </Stack>
  );
}
