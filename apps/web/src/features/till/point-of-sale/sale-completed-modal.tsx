import { Alert, Anchor, Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import type { Order } from '@tillbook/contract/orders';
import { Link } from 'react-router';
import { formatMoney } from '../../../lib/format';
import { Receipt } from '../../../components/receipt';
import { paths } from '../../../config/paths';

/** After a sale: the change to give, the receipt (on screen and for the printer), a new sale. */
export function SaleCompletedModal({ sale, onNewSale }: { sale: Order | null; onNewSale: () => void }) {
  // Made offline and not yet recorded by the store (decision 0036): no order to open yet.
  const pending = Boolean(sale?.offline_number && !sale.offline_state);
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
