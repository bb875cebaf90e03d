import { Alert, Anchor, Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import type { Order } from '@tillbook/contract/orders';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { messageOf } from '../../../lib/api-client';
import { useStoreId } from '../../../lib/current-user';
import { formatMoney } from '../../../lib/format';
import { loadPrinterProfile } from '../../../lib/printing/printer-profile';
import { notify } from '../../../lib/toast';
import { Receipt } from '../../../components/receipt';
import { ShareReceiptButtons, usePrintReceipt } from '../../../components/share-receipt';
import { paths } from '../../../config/paths';
import { ShareWhenSent } from './share-when-sent';

/**
 * Prints a completed sale's receipt once on this till's own printer when its profile says so
 * (Settings → Receipts, issue 35). A sale still on the device waits: its receipt names an order
 * the store has not recorded yet.
 */
function useAutoPrint(sale: Order | null, pending: boolean) {
  const storeId = useStoreId();
  const print = usePrintReceipt();
  const printed = useRef<string | null>(null);
  useEffect(() => {
    if (!sale || pending || printed.current === sale.id) return;
    const profile = loadPrinterProfile(storeId);
    if (!profile.autoPrint || profile.connection === 'page') return;
    printed.current = sale.id;
    print(sale.id).catch((error: unknown) => notify.error(messageOf(error)));
  }, [sale, pending, storeId, print]);
}

/** After a sale: the change to give, the receipt (on screen and for the printer), a new sale. */
export function SaleCompletedModal({ sale, onNewSale }: { sale: Order | null; onNewSale: () => void }) {
  // Made offline and not yet recorded by the store (decision 0036): no order to open yet.
  const pending = Boolean(sale?.offline_number && !sale.offline_state);
  useAutoPrint(sale, pending);
  return (
    <Modal
      opened={Boolean(sale)}
      onClose={onNewSale}
      title={pending ? 'Sale saved offline' : 'Sale completed'}
      centered
      size="md"
    >
      {sale && (
        <Stack gap="md">
          {pending && (
            <Alert color="yellow" variant="light" title="Offline, pending">
              Saved on this till as {sale.offline_number}. It is sent to the store, once, when the network is
              back.
            </Alert>
          )}
          {sale.change_due > 0 && (
            <Alert color="green" variant="light" title="Give change">
              <Text fw={700} size="xl">
                {formatMoney(sale.change_due, sale.currency)}
              </Text>
            </Alert>
          )}
          <Paper withBorder radius="md" p="md">
            <Receipt order={sale} mode="screen" />
          </Paper>
          {pending ? (
            <ShareWhenSent saleKey={sale.id} phone={sale.customer?.phone_number ?? null} />
          ) : (
            <ShareReceiptButtons orderId={sale.id} phone={sale.customer?.phone_number ?? null} />
          )}
          <Group justify="space-between">
            {pending ? (
              <span />
            ) : (
              <Anchor component={Link} to={paths.order(sale.id)} size="sm">
                View order
              </Anchor>
            )}
            <Group gap="sm">
              <Button
                variant="default"
                leftSection={<IconPrinter size={16} />}
                onClick={() => window.print()}
              >
                Print receipt
              </Button>
              <Button data-autofocus onClick={onNewSale}>
                New sale
              </Button>
            </Group>
          </Group>
          <Receipt order={sale} mode="print" />
        </Stack>
      )}
    </Modal>
  );
}
