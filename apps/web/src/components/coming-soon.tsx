import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PageHeader } from './page-header';
import { paths } from '../app/paths';

/**
 * The screen of an area that is not built yet: inside the real layout, saying what will be
 * here, so a merchant never lands on a blank page.
 */
export function ComingSoon({
  area,
  title,
  description,
  features = [],
}: {
  area: string;
  title: string;
  description: string;
  features?: string[];
}) {
  return (
    <Stack gap="lg">
      <PageHeader title={title} breadcrumbs={[{ label: area }, { label: title }]} />
      <Paper withBorder radius="md" p={{ base: 'lg', sm: 40 }}>
        <Stack gap="sm" align="flex-start" maw={620}>
          <Badge variant="light" size="lg">
            Coming soon
          </Badge>
          <Title order={3}>{title} is on its way</Title>
          <Text c="dimmed">{description}</Text>
          {features.length > 0 && (
            <Stack gap={4} component="ul" pl="md" my={0}>
              {features.map((f) => (
                <Text component="li" key={f} size="sm">
                  {f}
                </Text>
              ))}
            </Stack>
          )}
          <Group mt="sm">
            <Button component={Link} to={paths.home} variant="light">
              Back to home
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
