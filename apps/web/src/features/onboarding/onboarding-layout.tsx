import { Anchor, Box, Center, Group, Paper, Stack, Stepper, Text } from '@mantine/core';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { Logo } from '../../components/logo';
import { signOut } from '../../lib/sign-out';
import { useSession } from '../../lib/session';
import { paths } from '../../config/paths';

/** The two onboarding steps, with the user's email and a way out. */
export default function OnboardingLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const step = pathname.endsWith('business-number') ? 1 : 0;
  return (
    <Center mih="100vh" px="md" py={40} bg="#F7F6FA">
      <Stack w="100%" maw={620} gap="lg">
        <Group justify="space-between">
          <Logo size={30} />
          <Text size="sm" c="dimmed">
            {session?.user.email} ·{' '}
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => void signOut().then(() => navigate(paths.signIn, { replace: true }))}
            >
              Sign out
            </Anchor>
          </Text>
        </Group>
        <Paper withBorder radius="lg" p={{ base: 'lg', sm: 32 }} shadow="xs">
          <Box mb="xl">
            <Stepper active={step} size="sm" allowNextStepsSelect={false}>
              <Stepper.Step label="Business information" />
              <Stepper.Step label="Business number" />
            </Stepper>
          </Box>
          <Outlet />
        </Paper>
      </Stack>
    </Center>
  );
}
