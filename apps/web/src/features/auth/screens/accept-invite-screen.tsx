import { Alert, Button, Loader, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { acceptInviteBody } from '@tillbook/contract/auth';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CenteredCard } from '../../../components/centered-card';
import { messageOf } from '../../../lib/api-client';
import { showFormError, useSchemaForm, withoutEmpty } from '../../../lib/forms';
import { useAcceptInvite } from '../api/accept-invite';
import { useInvitation } from '../api/invitation';
import { startSession } from '../start-session';

/** Opened from an invitation email: set a password and join the store. */
export default function AcceptInviteScreen() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const invitation = useInvitation(token);
  const accept = useAcceptInvite();
  const form = useSchemaForm(acceptInviteBody, { token, password: '', first_name: '', last_name: '' });
  const data = invitation.data;

  useEffect(() => {
    if (data) {
      form.setValues({ first_name: data.first_name ?? '', last_name: data.last_name ?? '' });
    }
    // Fill the names once, when the invitation arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data]);

  if (token.length < 10 || invitation.isError) {
    return (
      <CenteredCard title="This invitation cannot be used">
        <Stack>
          <Text role="alert">
            {token.length < 10
              ? 'The invitation link is incomplete. Open it again from the email.'
              : messageOf(invitation.error)}
          </Text>
          <Button component={Link} to="/auth/sign-in">
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

  const submit = form.onSubmit((values) =>
    accept.mutate(withoutEmpty(values) as typeof values & { token: string; password: string }, {
      onSuccess: (answer) =>
        startSession(answer.data, () => navigate('/home', { replace: true }), {
          successText: answer.message || 'Welcome to the team',
        }),
      onError: (error) => showFormError(form, error),
    }),
  );

  return (
    <CenteredCard
      title={`Join ${data.business_name}`}
      subtitle={
        <>
          You were invited as <b>{data.role}</b> with {data.email}.
        </>
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          {data.has_account && (
            <Alert variant="light" color="blue">
              You already have a Tillbook account: the password you set here replaces your current one.
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput label="First name" autoComplete="given-name" {...form.getInputProps('first_name')} />
            <TextInput label="Last name" autoComplete="family-name" {...form.getInputProps('last_name')} />
          </SimpleGrid>
          <PasswordInput
            label="Password"
            description="At least 8 characters, with a letter and a digit"
            autoComplete="new-password"
            required
            {...form.getInputProps('password')}
          />
          <Button type="submit" loading={accept.isPending} fullWidth>
            Accept and sign in
          </Button>
        </Stack>
      </form>
    </CenteredCard>
  );
}
