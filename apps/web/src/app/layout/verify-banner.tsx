import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { authRoutes } from '@tillbook/contract/route-refs';
import { useOpenedOnce } from '../../lib/use-opened-once';
import { CodeInput } from '../../components/code-input';
import { call, messageOf } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/current-user';
import { accountKeys } from '../../lib/query-keys';
import { notify } from '../../lib/toast';

/** An unverified user may use the product; a banner asks them to verify (domain notes). */
export function VerifyBanner() {
  const { data } = useCurrentUser();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The dialog is drawn once first opened: a closed Modal still mounts on every screen's first paint.
  const drawn = useOpenedOnce(open);
  if (!data || data.user.email_verified) return null;
  const email = data.user.email;

  const verify = async (value: string) => {
    setBusy(true);
    setError(null);
    try {
      const answer = await call(authRoutes.verifyEmailCode, { body: { email, code: value } });
      notify.success(answer.message || 'Email verified');
      setOpen(false);
      await client.invalidateQueries({ queryKey: accountKeys.currentUser() });
    } catch (e) {
      setError(messageOf(e));
      setCode('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Alert color="yellow" variant="light" mb="md" title="Verify your email address">
        <Group justify="space-between" gap="sm">
          <Text size="sm">
            We sent a 6-digit code to {email}. Verify it to invite your team, open a wallet that takes real
            payments and use live API keys.
          </Text>
          <Button size="xs" variant="white" color="dark" onClick={() => setOpen(true)}>
            Enter code
          </Button>
        </Group>
      </Alert>
      {drawn && (
        <Modal opened={open} onClose={() => setOpen(false)} title="Verify your email" centered>
          <Stack>
            <Text size="sm" c="dimmed">
              Enter the 6-digit code we sent to {email}.
            </Text>
            <CodeInput
              value={code}
              onChange={setCode}
              onComplete={(v) => void verify(v)}
              error={error}
              disabled={busy}
              onResend={async () => {
                const answer = await call(authRoutes.resendVerification, { body: { email } });
                notify.success(answer.message);
              }}
            />
            <Button onClick={() => void verify(code)} loading={busy} disabled={code.length !== 6}>
              Verify
            </Button>
          </Stack>
        </Modal>
      )}
    </>
  );
}
