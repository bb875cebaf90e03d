import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { LogoMark } from '../components/logo';
import { ScreenLoadError } from '../lib/lazy-screen';

/** What a route shows when its screen fails: a code load that gave up offers a reload. */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const loadFailed =
    error instanceof ScreenLoadError ||
    /dynamically imported module|Importing a module script failed|Loading chunk/i.test(
      String((error as Error)?.message ?? ''),
    );
  return (
    <Center mih="100vh" p="lg">
      <Stack align="center" gap="md" maw={440} ta="center">
        <LogoMark size={56} />
        <Title order={2}>
          {notFound ? 'Page not found' : loadFailed ? 'This screen could not load' : 'Something went wrong!'}
        </Title>
        <Text c="dimmed">
          {notFound
            ? 'The address may be mistyped, or the page has moved.'
            : loadFailed
              ? 'The connection dropped or a new version of Tillbook was released. Reload to get the latest version.'
              : 'An unexpected error stopped this screen. Reload to try again; your saved work is safe.'}
        </Text>
        {notFound ? (
          <Button component={Link} to="/">
            Go home
          </Button>
        ) : (
          <Button onClick={() => window.location.reload()}>Reload</Button>
        )}
      </Stack>
    </Center>
  );
}
