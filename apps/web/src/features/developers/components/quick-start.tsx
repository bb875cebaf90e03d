import { Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { CopyAction } from '../../../components/copy-action';

/** A curl call that works as pasted: this server's address and, once known, the secret key. */
export function QuickStart({ secret, env }: { secret: string | null; env: 'sandbox' | 'production' }) {
  const key = secret ?? (env === 'sandbox' ? 'sk_test_YOUR_SECRET_KEY' : 'sk_live_YOUR_SECRET_KEY');
  const command = `curl -H "Authorization: Bearer ${key}" "${window.location.origin}/api/v1/product/paginated/results?perPage=5"`;
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Title order={3} fz="lg">
          Quick start
        </Title>
        <Text size="sm">
          List your first five products with the {env === 'sandbox' ? 'sandbox' : 'live'} secret key. Keep
          secret keys on your server; a public key can read the catalogue from a browser.
          {!secret && ' Reveal or create the secret key above to fill it in.'}
        </Text>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <Code
            block
            style={{ flex: 1, minWidth: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
            data-testid="curl"
          >
            {command}
          </Code>
          <CopyAction value={command} what="command" />
        </Group>
      </Stack>
    </Paper>
  );
}
