import { Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ApiError, messageOf } from '../../../lib/api-client';
import { useRevealKey } from '../api/developer-keys';
import { FormActions } from '../../../components/form-actions';

/** Asks for the password again before showing a secret key (the server audits the reveal). */
export function RevealModal({
  keyId,
  onClose,
  onRevealed,
}: {
  keyId: string | null;
  onClose: () => void;
  onRevealed: (id: string, value: string) => void;
}) {
  const reveal = useRevealKey();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setPassword('');
    setError(null);
    onClose();
  };
  const submit = async () => {
    if (!keyId) return;
    if (!password) {
      setError('Password is required');
      return;
    }
    try {
      const answer = await reveal.mutateAsync({ id: keyId, password });
      if (answer.data.value) onRevealed(keyId, answer.data.value);
      close();
    } catch (e) {
      setError(e instanceof ApiError && e.fields?.password ? e.fields.password : messageOf(e));
    }
  };
  return (
    <Modal opened={keyId !== null} onClose={close} title="Reveal secret key" centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <Text size="sm">
            Enter your password to show the secret key. Revealing it is recorded in the audit log.
          </Text>
          <PasswordInput
            label="Password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={error}
            autoComplete="current-password"
            data-autofocus
          />
          <FormActions onCancel={close} submitLabel="Reveal" loading={reveal.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
