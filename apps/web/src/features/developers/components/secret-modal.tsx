import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import {
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
  type CreatedWebhookEndpoint,
} from '@tillbook/contract/webhooks';

/** The new endpoint's signing secret: shown this once, with how to check a delivery with it. */
export function SecretModal({
  created,
  onClose,
}: {
  created: CreatedWebhookEndpoint | null;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={created !== null}
      onClose={onClose}
      title="Endpoint added: copy its signing secret"
      centered
    >
      {created && (
        <Stack>
          <Alert color="yellow" variant="light">
            This is the only time the secret is shown. Keep it with your receiver; you will need a new
            endpoint if you lose it.
          </Alert>
          <Code block aria-label="Signing secret" style={{ wordBreak: 'break-all' }}>
            {created.secret}
          </Code>
          <Text size="sm">
            Each delivery carries <Code>{WEBHOOK_SIGNATURE_HEADER}: t=…,v1=…</Code> and{' '}
            <Code>{WEBHOOK_TIMESTAMP_HEADER}</Code>. Compute HMAC-SHA256 of <Code>t + "." + body</Code> with
            this secret and compare it, in hex, with <Code>v1</Code>.
          </Text>
          <Group justify="flex-end">
            <CopyButton value={created.secret}>
              {({ copied, copy }) => (
                <Button variant="default" onClick={copy} color={copied ? 'teal' : undefined}>
                  {copied ? 'Copied' : 'Copy secret'}
                </Button>
              )}
            </CopyButton>
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
