import {
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import type { ApiKey, ApiKeyEnv } from '@tillbook/contract/developers';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageHeader } from '../../../components/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { DateTime } from '../../../components/money';
import { messageOf } from '../../../lib/api-client';
import { useCan } from '../../../lib/current-user';
import { notify } from '../../../lib/toast';
import { useApiKeys, useGenerateKey, useResetSandbox, useSetKeyScope } from '../api/developer-keys';
import { KeyField, SmallButton } from '../components/key-field';
import { QuickStart } from '../components/quick-start';
import { RevealModal } from '../components/reveal-modal';
import { RollModal } from '../components/roll-modal';
import { UsageCard } from '../components/usage-card';

const ENV_LABEL: Record<ApiKeyEnv, string> = { sandbox: 'Sandbox', production: 'Live' };

/** `/developers`: the sandbox and live key pairs, usage against the plan, and where to start. */
export default function DevelopersScreen() {
  const canManage = useCan('developers.manage');
  const keys = useApiKeys();
  const generate = useGenerateKey();
  const setScope = useSetKeyScope();
  const reset = useResetSandbox();
  const [env, setEnv] = useState<ApiKeyEnv>('sandbox');
  // Secrets this page has seen whole (just created, rolled or revealed): kept in memory only.
  const [secrets, setSecrets] = useState<Record<string, string>>({});
  const [justCreated, setJustCreated] = useState<string | null>(null);
  const [revealing, setRevealing] = useState<string | null>(null);
  const [rolling, setRolling] = useState<ApiKey | null>(null);
  const [resetting, setResetting] = useState(false);

  const remember = (key: ApiKey) => {
    if (key.type === 'secret' && key.value) {
      setSecrets((s) => ({ ...s, [key.id]: key.value! }));
      setJustCreated(key.id);
    }
  };

  const createKeys = async () => {
    try {
      await generate.mutateAsync({ env });
      const secret = await generate.mutateAsync({ env, type: 'secret' });
      remember(secret.data);
      notify.success(`${ENV_LABEL[env]} keys created`);
    } catch (e) {
      notify.error(messageOf(e));
    }
  };

  const body = () => {
    if (!canManage) {
      return (
        <EmptyState
          title="API keys are for developers"
          description="Your role cannot see or change API keys. Ask the store owner for the Developers permission."
        />
      );
    }
    if (keys.isPending) return <LoadingState rows={4} label="Loading API keys" />;
    if (keys.isError) return <ErrorState error={keys.error} onRetry={() => void keys.refetch()} />;
    const mine = keys.data.filter((k) => k.env === env);
    const current = (type: 'public' | 'secret') => mine.find((k) => k.type === type && k.expires_at === null);
    const publicKey = current('public');
    const secretKey = current('secret');
    const ending = mine.filter((k) => k.expires_at !== null);
    const secretValue = secretKey ? (secrets[secretKey.id] ?? null) : null;

    return (
      <Stack gap="lg">
        <Paper withBorder radius="md" p="lg">
          <Stack gap="md">
            <Group justify="space-between">
              <Title order={3} fz="lg">
                {ENV_LABEL[env]} keys
              </Title>
              {env === 'sandbox' && (publicKey || secretKey) && (
                <Button size="xs" variant="subtle" color="red" onClick={() => setResetting(true)}>
                  Reset sandbox
                </Button>
              )}
            </Group>
            <Text size="sm" c="dimmed">
              {env === 'sandbox'
                ? 'Sandbox keys act on a separate copy of your store with its own products, customers, orders and wallet. Calls are free and unlimited.'
                : 'Live keys act on your real store. Live calls count against your plan.'}
            </Text>
            {!publicKey && !secretKey ? (
              <Group>
                <Button onClick={() => void createKeys()} loading={generate.isPending}>
                  Create {ENV_LABEL[env].toLowerCase()} keys
                </Button>
              </Group>
            ) : (
              <>
                {publicKey ? (
                  <KeyField
                    label="Public key"
                    value={publicKey.value}
                    masked={publicKey.masked}
                    testId={`${env}-public-key`}
                    note={
                      <Text size="xs" c="dimmed">
                        Safe in a browser: it reads your catalogue as a shop window shows it (names, prices,
                        images, in stock or not), never cost prices or stock counts.
                      </Text>
                    }
                    actions={
                      <SmallButton label="Roll public key" onClick={() => setRolling(publicKey)}>
                        Roll
                      </SmallButton>
                    }
                  />
                ) : (
                  <Button
                    variant="light"
                    onClick={() =>
                      void generate.mutateAsync({ env }).catch((e: unknown) => notify.error(messageOf(e)))
                    }
                  >
                    Create public key
                  </Button>
                )}
                {secretKey ? (
                  <KeyField
                    label="Secret key"
                    value={secretValue}
                    masked={secretKey.masked}
                    testId={`${env}-secret-key`}
                    note={
                      justCreated === secretKey.id && secretValue ? (
                        <Alert color="yellow" variant="light" p="xs">
                          Copy this secret key now and keep it on your server. It is shown in full only this
                          once; you can reveal it later with your password.
                        </Alert>
                      ) : (
                        <Text size="xs" c="dimmed">
                          For your server: products, customers, orders and the rest of your store, but not the
                          audit log{env === 'production' ? ' or the wallet' : ''}, your team or your keys.
                        </Text>
                      )
                    }
                    actions={
                      <>
                        {!secretValue && (
                          <SmallButton label="Reveal secret key" onClick={() => setRevealing(secretKey.id)}>
                            Reveal
                          </SmallButton>
                        )}
                        <SmallButton
                          label="Roll secret key"
                          color="red"
                          onClick={() => setRolling(secretKey)}
                        >
                          Roll
                        </SmallButton>
                      </>
                    }
                  />
                ) : (
                  <Group>
                    <Button
                      variant="light"
                      onClick={() =>
                        void generate.mutateAsync({ env, type: 'secret' }).then(
                          (a) => remember(a.data),
                          (e: unknown) => notify.error(messageOf(e)),
                        )
                      }
                    >
                      Create secret key
                    </Button>
                  </Group>
                )}
                {secretKey && (
                  <Switch
                    label="Read-only: this secret key can look but not change anything"
                    checked={secretKey.scope === 'read'}
                    disabled={setScope.isPending}
                    onChange={(e) =>
                      void setScope
                        .mutateAsync({ id: secretKey.id, scope: e.currentTarget.checked ? 'read' : 'full' })
                        .then(
                          (a) =>
                            notify.success(
                              a.data.scope === 'read'
                                ? 'The secret key is read-only'
                                : 'The secret key has full access',
                            ),
                          (err: unknown) => notify.error(messageOf(err)),
                        )
                    }
                  />
                )}
                {ending.map((k) => (
                  <Text size="xs" c="dimmed" key={k.id} data-testid="ending-key">
                    Rolled key {k.masked} works until <DateTime iso={k.expires_at} />.
                  </Text>
                ))}
              </>
            )}
          </Stack>
        </Paper>
        <QuickStart secret={secretValue} env={env} />
      </Stack>
    );
  };

  return (
    <Stack gap="lg">
      <PageHeader
        title="Developers"
        description="Connect your website, delivery app or accounts to Tillbook with API keys."
      />
      <SegmentedControl
        value={env}
        onChange={(v) => setEnv(v as ApiKeyEnv)}
        data={[
          { value: 'sandbox', label: 'Sandbox' },
          { value: 'production', label: 'Live' },
        ]}
        aria-label="Environment"
        style={{ alignSelf: 'flex-start' }}
      />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        {body()}
        <Stack gap="lg">
          {canManage && <UsageCard />}
          <Paper withBorder radius="md" p="lg">
            <Stack gap="xs">
              <Title order={3} fz="lg">
                Build with the API
              </Title>
              <Anchor component={Link} to={paths.webhooks}>
                Webhooks: get told when orders, payments and stock change
              </Anchor>
              <Anchor component={Link} to={paths.apiReference}>
                API reference: every call, with "try it" against your sandbox
              </Anchor>
              <Anchor href="/api/v1/openapi.json" target="_blank" rel="noreferrer">
                The OpenAPI document (JSON)
              </Anchor>
            </Stack>
          </Paper>
        </Stack>
      </SimpleGrid>
      <RevealModal
        keyId={revealing}
        onClose={() => setRevealing(null)}
        onRevealed={(id, value) => setSecrets((s) => ({ ...s, [id]: value }))}
      />
      <RollModal apiKey={rolling} onClose={() => setRolling(null)} onRolled={remember} />
      <ConfirmDialog
        opened={resetting}
        title="Reset sandbox"
        message="Every product, customer, order and wallet entry in the sandbox is removed. Your sandbox keys stay the same. Live data is not touched."
        confirmLabel="Reset sandbox"
        loading={reset.isPending}
        onClose={() => setResetting(false)}
        onConfirm={() =>
          void reset.mutateAsync().then(
            () => {
              notify.success('Sandbox reset');
              setResetting(false);
            },
            (e: unknown) => notify.error(messageOf(e)),
          )
        }
      />
    </Stack>
  );
}
