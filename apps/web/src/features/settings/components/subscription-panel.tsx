import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  List,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { MESSAGES } from '@tillbook/contract/constants';
import { PAID_PLAN_CODES, type Plan } from '@tillbook/contract/subscriptions';
import { useState } from 'react';
import { ErrorState, LoadingState } from '../../../components/states';
import { statusColours } from '../../../components/status-badge';
import { messageOf } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { useCurrentSubscription, usePlans, useSubscribe, useSubscriptionHistory } from '../api/subscription';
import { SubscribeModal, type PlanConfirmation } from './subscribe-modal';

const limit = (n: number | null, noun: string) =>
  n === null ? `Unlimited ${noun}s` : `${n} ${noun}${n === 1 ? '' : 's'}`;
const newKey = () => (crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`);

function PlanCard({
  plan,
  current,
  onChoose,
  busy,
  canManage,
}: {
  plan: Plan;
  current: boolean;
  onChoose: () => void;
  busy: boolean;
  canManage: boolean;
}) {
  const price =
    plan.price === null
      ? 'Custom'
      : plan.price === 0
        ? 'Free'
        : `${formatMoney(plan.price, plan.currency)} / ${plan.period}`;
  return (
    <Card withBorder radius="md" p="lg" data-testid={`plan-${plan.code}`}>
      <Stack gap="xs" h="100%">
        <Group justify="space-between">
          <Title order={5}>{plan.name}</Title>
          {current && (
            <Badge radius="sm" styles={{ root: { ...statusColours('active'), textTransform: 'none' } }}>
              Current plan
            </Badge>
          )}
        </Group>
        <Text fz="xl" fw={700}>
          {price}
        </Text>
        <List size="sm" spacing={4}>
          <List.Item>{limit(plan.members, 'team member')}</List.Item>
          <List.Item>{limit(plan.stores, 'store')}</List.Item>
          {plan.features.map((f) => (
            <List.Item key={f}>{f}</List.Item>
          ))}
        </List>
        <Button
          mt="auto"
          variant={current ? 'default' : 'filled'}
          disabled={current || !canManage}
          loading={busy}
          onClick={onChoose}
        >
          {current ? 'Current plan' : plan.button}
        </Button>
      </Stack>
    </Card>
  );
}

/** Settings → Subscription: the current plan, the plans with their limits and prices, the history. */
export function SubscriptionPanel({ canManage }: { canManage: boolean }) {
  const current = useCurrentSubscription();
  const plans = usePlans();
  const subscribe = useSubscribe();
  const [period, setPeriod] = useState<'month' | 'year'>('month');
  const [choosing, setChoosing] = useState<string | null>(null);
  // The paid plan waiting for its confirmation (price, and the PIN or password).
  const [confirming, setConfirming] = useState<Plan | null>(null);
  const [page, setPage] = useState(1);
  const history = useSubscriptionHistory(page, 10);

  if (current.isPending || plans.isPending) return <LoadingState rows={4} label="Loading plans" />;
  if (current.isError) return <ErrorState error={current.error} onRetry={() => void current.refetch()} />;
  if (plans.isError) return <ErrorState error={plans.error} onRetry={() => void plans.refetch()} />;

  const sub = current.data;
  const shown = plans.data.filter((p) => p.period === null || p.period === period);
  /** A paid plan is confirmed in the modal; Enterprise and Starter take no money and go at once. */
  const choose = async (plan: Plan) => {
    if (PAID_PLAN_CODES.includes(plan.code)) {
      setConfirming(plan);
      return;
    }
    setChoosing(plan.code);
    try {
      const answer = await subscribe.mutateAsync({ plan_code: plan.code, key: newKey() });
      if (answer.data.contact) {
        notify.blank('Our sales team will set up Enterprise with you.');
        window.location.assign(answer.data.contact);
      } else {
        notify.success(MESSAGES.subscribed);
      }
    } catch (error) {
      notify.error(messageOf(error));
    } finally {
      setChoosing(null);
    }
  };
  /** Throws to the modal, which shows the error next to its field. */
  const pay = async (confirmation: PlanConfirmation) => {
    await subscribe.mutateAsync({ ...confirmation, key: newKey() });
    notify.success(MESSAGES.subscribed);
  };

  return (
    <Stack gap="lg">
      <SubscribeModal plan={confirming} current={sub} onClose={() => setConfirming(null)} onConfirm={pay} />
      {(sub.over_limit.stores || sub.over_limit.members) && (
        <Alert color="orange" title="This store is over its plan" data-testid="over-limit">
          {sub.over_limit.stores
            ? `The ${sub.plan.name} plan allows ${sub.plan.stores} store${sub.plan.stores === 1 ? '' : 's'}, and this is one past it: it can be looked at but not changed.`
            : `The ${sub.plan.name} plan allows ${sub.plan.members} team member${sub.plan.members === 1 ? '' : 's'}, and your place is past it: you can look but not change anything.`}{' '}
          {canManage
            ? 'Pay for a plan below, or remove team members, to make changes again.'
            : 'Ask the store owner to pay for a plan or remove team members.'}
        </Alert>
      )}
      <Paper withBorder radius="md" p="lg">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              Current plan
            </Text>
            <Title order={3} data-testid="current-plan">
              {sub.plan.name}
            </Title>
            {sub.active ? (
              <Text size="sm" data-testid="plan-dates">
                Active from {sub.start_date} to {sub.end_date} · {sub.days_left} day
                {sub.days_left === 1 ? '' : 's'} left
              </Text>
            ) : (
              <Text size="sm">The free Starter plan.</Text>
            )}
          </Stack>
          <Stack gap={2} align="flex-end">
            <Text size="sm">
              Team: {sub.usage.members} of {sub.plan.members ?? 'unlimited'}
            </Text>
            <Text size="sm">
              Stores: {sub.usage.stores} of {sub.plan.stores ?? 'unlimited'}
            </Text>
          </Stack>
        </Group>
      </Paper>
      <Group justify="space-between">
        <Title order={4}>Plans</Title>
        <SegmentedControl
          value={period}
          onChange={(v) => setPeriod(v as 'month' | 'year')}
          data={[
            { value: 'month', label: 'Monthly' },
            { value: 'year', label: 'Yearly' },
          ]}
        />
      </Group>
      <Text size="sm" c="dimmed">
        Paid plans are paid from the store's wallet.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {shown.map((p) => (
          <PlanCard
            key={p.code}
            plan={p}
            current={sub.plan.code === p.code && (sub.active || p.code === 'FREEMIUM')}
            busy={choosing === p.code}
            canManage={canManage}
            onChoose={() => void choose(p)}
          />
        ))}
      </SimpleGrid>
      <Title order={4}>History</Title>
      {history.isPending ? (
        <LoadingState rows={2} label="Loading the history" />
      ) : history.isError ? (
        <ErrorState error={history.error} onRetry={() => void history.refetch()} />
      ) : history.data.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No paid plans yet.
        </Text>
      ) : (
        <Stack gap="xs">
          <Table.ScrollContainer minWidth={480}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Plan</Table.Th>
                  <Table.Th>From</Table.Th>
                  <Table.Th>To</Table.Th>
                  <Table.Th>Paid</Table.Th>
                  <Table.Th>Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {history.data.data.map((h) => (
                  <Table.Tr key={h.id}>
                    <Table.Td>{h.plan_name}</Table.Td>
                    <Table.Td>{h.start_date}</Table.Td>
                    <Table.Td>{h.end_date}</Table.Td>
                    <Table.Td>{formatMoney(h.amount, h.currency)}</Table.Td>
                    <Table.Td>{h.active ? 'Active' : 'Ended'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {(history.data.pagination?.totalPages ?? 1) > 1 && (
            <Group>
              <Button size="xs" variant="default" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Previous
              </Button>
              <Button
                size="xs"
                variant="default"
                disabled={page >= (history.data.pagination?.totalPages ?? 1)}
                onClick={() => setPage(page + 1)}
              >
                Next
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Stack>
  );
}
