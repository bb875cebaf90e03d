import { Button, Loader, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { CenteredCard } from '../../../components/centered-card';
import { messageOf } from '../../../lib/api-client';
import { useVerifyEmailLink } from '../api/verify-email-link';
import { paths } from '../../../config/paths';

/** The link from the verification email. */
export default function VerifyEmailLinkScreen() {
  const { id = '' } = useParams();
  const result = useVerifyEmailLink(id);
  if (result.isPending) {
    return (
      <CenteredCard title="Verifying your email">
        <Stack align="center" py="md">
          <Loader />
        </Stack>
      </CenteredCard>
    );
  }
  if (result.isError) {
    return (
      <CenteredCard title="This link did not work">
        <Stack>
          <Text role="alert">{messageOf(result.error)}</Text>
          <Button component={Link} to={paths.verifyEmail}>
            Enter a code instead
          </Button>
        </Stack>
      </CenteredCard>
    );
  }
  return (
    <CenteredCard title="Email verified" subtitle={`${result.data.email} is verified. Thank you.`}>
      <Button component={Link} to={paths.signIn} fullWidth>
        Sign in
      </Button>
    </CenteredCard>
  );
}
