import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../config/paths';

export default function NotFoundScreen() {
  return (
    <Stack align="center" py={80} gap="sm" ta="center">
      <Title order={2}>Page not found</Title>
      <Text c="dimmed">The address may be mistyped, or the page has moved.</Text>
      <Button component={Link} to={paths.home}>
        Go home
      </Button>
    </Stack>
  );
}
