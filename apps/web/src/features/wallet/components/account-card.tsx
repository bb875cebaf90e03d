import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { WalletDetails } from '@tillbook/contract/wallet';
import { Money } from '../../../components/money';
import { statusColours } from '../../../components/status-badge';
import { CopyAction } from '../../../components/copy-action';

function Copyable({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Group gap={6} wrap="nowrap">
        {/* Breaks between words; inside a word only when one word is wider than the card. */}
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {value}
        </Text>
        <CopyAction value={value} what={label.toLowerCase()} />
      </Group>
    </Stack>
  );
}

/** The wallet's balance and the bank account that funds it. */
export function AccountCard({
  wallet,
  onTransfer,
  onDeposit,
  canTransfer,
}: {
  wallet: WalletDetails;
  onTransfer: () => void;
  onDeposit: () => void;
  canTransfer: boolean;
}) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Paper withBorder radius="md" p="lg">
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            Available balance
          </Text>
          <Text fz={32} fw={700} data-testid="wallet-balance">
            <Money minor={wallet.balance} currency={wallet.currency} />
          </Text>
          {wallet.held > 0 && (
            <Text size="sm" data-testid="wallet-held">
              <Money minor={wallet.held} currency={wallet.currency} /> held for transfers in progress
            </Text>
          )}
          <Group mt="sm" gap="sm">
            {canTransfer && <Button onClick={onTransfer}>Transfer</Button>}
            {canTransfer && wallet.sandbox && (
              <Button variant="light" onClick={onDeposit}>
                Simulate deposit
              </Button>
            )}
          </Group>
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="lg">
        <Stack gap="sm">
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              Fund your wallet: transfer to this account
            </Text>
            {/* The server's provider is the sandbox: no bank is behind this account (decision 0048). */}
            {wallet.sandbox && (
              <Badge radius="sm" styles={{ root: { ...statusColours('pending'), textTransform: 'none' } }}>
                Sandbox: play money
              </Badge>
            )}
          </Group>
          <Copyable label="Account number" value={wallet.account_number} />
          {/* One column on a phone: two squeeze a name like TILLBOOK/MAMA PUT into broken words. */}
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <Copyable label="Bank" value={wallet.bank_name} />
            <Copyable label="Account name" value={wallet.account_name} />
          </SimpleGrid>
        </Stack>
      </Paper>
    </SimpleGrid>
  );
}
