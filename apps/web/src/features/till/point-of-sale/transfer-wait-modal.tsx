import { Alert, Button, CopyButton, Group, Loader, Modal, Paper, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type { Order, TillTransfer } from '@tillbook/contract/orders';
import { useEffect, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { messageOf } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { useCancelWaitingSale, useWaitingSale } from '../api/transfers';
import { TransferQr } from './transfer-qr';

/** Minutes and seconds left until `expiresAt` ("12:05"), redrawn each second; null once it passed. */
function useCountdown(expiresAt: string | null): string | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, []);
  if (!expiresAt) return null;
  const left = Math.floor((new Date(expiresAt).getTime() - now) / 1000);
  if (left <= 0) return null;
  return `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`;
}

/** The account number in groups the eye can read aloud: 012 345 6789. */
const grouped = (n: string) => (n.length === 10 ? `${n.slice(0, 3)} ${n.slice(3, 6)} ${n.slice(6)}` : n);

/** The account details a phone's camera reads from the QR code. */
const qrText = (t: TillTransfer, currency: string) =>
  `Bank: ${t.bank_name}\nAccount number: ${t.account_number}\nAccount name: ${t.account_name}\nAmount: ${formatMoney(t.amount - t.received, currency)}`;

function AccountDetails({ transfer, currency }: { transfer: TillTransfer; currency: string }) {
  const due = transfer.amount - transfer.received;
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs" align="center">
        <Text size="sm" c="dimmed">
          Transfer exactly
        </Text>
        <Text fw={800} fz={32} lh={1.1} data-testid="transfer-amount">
          {formatMoney(due, currency)}
        </Text>
        <Text size="sm" c="dimmed" mt="xs">
          to {transfer.bank_name}
        </Text>
        <Text
          fw={800}
          fz={30}
          lh={1.1}
          ff="monospace"
          style={{ whiteSpace: 'nowrap' }}
          data-testid="transfer-account-number"
        >
          {grouped(transfer.account_number)}
        </Text>
        <CopyButton value={transfer.account_number}>
          {({ copied, copy }) => (
            <Button
              variant="light"
              size="compact-md"
              color={copied ? 'green' : undefined}
              leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              onClick={copy}
            >
              {copied ? 'Copied' : 'Copy account number'}
            </Button>
          )}
        </CopyButton>
        <Text fw={600}>{transfer.account_name}</Text>
        <TransferQr text={qrText(transfer, currency)} />
      </Stack>
    </Paper>
  );
}

/**
 * A sale waiting for a bank transfer (decision 0065): the store account in large digits, the
 * amount, a QR code and the time left; the till asks the server every 2 seconds and turns green
 * when the transfer arrives. Needs the network (the sale is the server's until it is paid).
 */
export function TransferWaitModal({
  sale,
  phone,
  onDone,
}: {
  sale: Order | null;
  phone: boolean;
  /** Back to the till (the sale stays open and is still paid if the transfer comes later). */
  onDone: () => void;
}) {
  const live = useWaitingSale(sale?.id ?? null);
  const order = live.data ?? sale;
  const transfer = order?.transfer ?? null;
  const countdown = useCountdown(transfer?.expires_at ?? null);
  const [cancelling, setCancelling] = useState(false);
  const cancel = useCancelWaitingSale({
    onSuccess: () => {
      notify.success('Sale cancelled');
      setCancelling(false);
      onDone();
    },
    onError: (error) => notify.error(messageOf(error)),
  });
  if (!sale || !order || !transfer) return null;
  const state = transfer.state;
  const currency = order.currency;
  const paid = state === 'paid';
  const waiting = state === 'awaiting' || state === 'part_paid';
  return (
    <Modal
      opened
      onClose={onDone}
      fullScreen={phone}
      centered
      size="md"
      title={paid ? `Paid · ${order.number}` : `Waiting for a transfer · ${order.number}`}
      closeOnClickOutside={false}
    >
      <Stack gap="md">
        {paid && (
          <Alert color="green" variant="filled" data-testid="transfer-paid" icon={<IconCheck size={22} />}>
            <Text fw={800} fz={24} c="white">
              Paid {formatMoney(transfer.received, currency)} by transfer
            </Text>
          </Alert>
        )}
        {state === 'part_paid' && (
          <Alert color="yellow" variant="light" title="Part paid" data-testid="transfer-part-paid">
            {formatMoney(transfer.received, currency)} received,{' '}
            {formatMoney(transfer.amount - transfer.received, currency)} still due.
          </Alert>
        )}
        {state === 'expired' && (
          <Alert color="gray" variant="light" title="No longer waiting">
            The time to pay ended. A transfer that comes later goes to the &quot;match it&quot; queue for
            someone to match to this sale.
          </Alert>
        )}
        {state === 'cancelled' && (
          <Alert color="gray" variant="light">
            This sale was cancelled.
          </Alert>
        )}
        {waiting && <AccountDetails transfer={transfer} currency={currency} />}
        {waiting && (
          <Group justify="center" gap="xs" aria-live="polite">
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              Checking for the transfer{countdown ? ` · ${countdown} left` : ''}
            </Text>
          </Group>
        )}
        {live.isError && (
          <Text size="sm" c="orange">
            Could not check just now ({messageOf(live.error)}); trying again.
          </Text>
        )}
        <Group grow>
          {waiting && (
            <Button variant="outline" color="red" size="md" onClick={() => setCancelling(true)}>
              Cancel sale
            </Button>
          )}
          <Button size="md" color={paid ? 'green' : undefined} onClick={onDone} data-autofocus>
            Done
          </Button>
        </Group>
        {waiting && (
          <Text size="xs" c="dimmed">
            Done leaves the sale open: a transfer that arrives later still pays it.
          </Text>
        )}
      </Stack>
      <ConfirmDialog
        opened={cancelling}
        title="Cancel this sale?"
        message="Cancel it only if the customer will not pay: its items go back into stock. A transfer that arrives later goes to the “match it” queue."
        confirmLabel="Cancel sale"
        loading={cancel.isPending}
        onConfirm={() => cancel.mutate(order.id)}
        onClose={() => setCancelling(false)}
      />
    </Modal>
  );
}
