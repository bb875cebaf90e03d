import { Alert, Button, Group, List, Text } from '@mantine/core';
import type { OfflineDecision, Order } from '@tillbook/contract/orders';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DateTime } from '../../../components/money';
import { messageOf } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useDecideOfflineSale } from '../api/order-actions';

const CONFIRM: Record<OfflineDecision, { title: string; message: string; label: string }> = {
  accept: {
    title: 'Accept this offline sale?',
    message:
      'The sale stands as the till made it. Stock it held is taken now; if the store has too little, you are told which products are short.',
    label: 'Accept sale',
  },
  cancel: {
    title: 'Cancel this offline sale?',
    message:
      'The order is cancelled and the money received is recorded as refunded. Stock the sale took goes back to the shelf.',
    label: 'Cancel sale',
  },
};

/**
 * A sale made offline (decision 0036): what differed when it arrived, and whether the store's
 * rules covered it or it waits for a decision, with the decision's two buttons.
 */
export function OfflineSaleAlert({ order, canDecide }: { order: Order; canDecide: boolean }) {
  const [asking, setAsking] = useState<OfflineDecision | null>(null);
  const decide = useDecideOfflineSale({
    onSuccess: (answer) => {
      setAsking(null);
      notify.success(answer.message);
    },
    onError: (error) => {
      setAsking(null);
      notify.error(messageOf(error));
    },
  });
  const waiting = order.offline_state === 'needs_review';
  return (
    <Alert
      color={waiting ? 'red' : order.offline_issues.length ? 'orange' : 'gray'}
      variant="light"
      title={
        waiting
          ? `Sold offline as ${order.offline_number}: needs a decision`
          : `Sold offline as ${order.offline_number}${order.offline_state === 'resolved' ? ': decided' : ''}`
      }
    >
      {order.offline_sold_at && (
        <Text size="sm">
          Sold at <DateTime iso={order.offline_sold_at} />
        </Text>
      )}
      {order.offline_issues.length > 0 && (
        <List size="sm" mt={4}>
          {order.offline_issues.map((issue, i) => (
            <List.Item key={i}>{issue.message}</List.Item>
          ))}
        </List>
      )}
      {waiting && canDecide && (
        <Group gap="sm" mt="sm">
          <Button size="xs" onClick={() => setAsking('accept')}>
            Accept sale
          </Button>
          <Button size="xs" variant="outline" color="red" onClick={() => setAsking('cancel')}>
            Cancel sale
          </Button>
        </Group>
      )}
      {waiting && !canDecide && (
        <Text size="sm" mt="sm">
          Your role cannot decide offline sales; ask someone who can change order statuses.
        </Text>
      )}
      <ConfirmDialog
        opened={asking !== null}
        title={asking ? CONFIRM[asking].title : ''}
        message={asking ? CONFIRM[asking].message : ''}
        confirmLabel={asking ? CONFIRM[asking].label : ''}
        danger={asking === 'cancel'}
        loading={decide.isPending}
        onConfirm={() => asking && decide.mutate({ id: order.id, decision: asking })}
        onClose={() => setAsking(null)}
      />
    </Alert>
  );
}
