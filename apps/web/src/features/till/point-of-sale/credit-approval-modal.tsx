import { Alert, Button, Group, Modal, PasswordInput, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { messageOf } from '../../../lib/api-client';
import { useCreditApprovers } from '../api/transfers';

export interface CreditApproval {
  user_id: string;
  pin: string;
}

/**
 * A sale on credit past the customer's limit (decision 0065): the server refused it with the limit
 * and what is owed; a member who may approve it (`customers.credit_override`, listed by
 * `GET /members/credit-approvers`, which a cashier may call) picks their name and types their
 * transaction PIN, and the till sends the sale again with `credit_approval`. The PIN is never kept.
 */
export function CreditApprovalModal({
  opened,
  message,
  error,
  selling,
  onApprove,
  onClose,
}: {
  opened: boolean;
  /** The server's sentence: the limit and what the customer owes. */
  message: string;
  /** Why the last approval was refused (a wrong PIN, a member who may not approve). */
  error: string | null;
  selling: boolean;
  onApprove: (approval: CreditApproval) => void;
  onClose: () => void;
}) {
  const approvers = useCreditApprovers(opened);
  const [userId, setUserId] = useState<string | null>(null);
  const [pin, setPin] = useState('');
  const [typed, setTyped] = useState<string | null>(null);
  // The only one who may approve is chosen already.
  const chosen = userId ?? (approvers.data?.length === 1 ? approvers.data[0]!.user_id : null);
  const approve = () => {
    if (!chosen) return setTyped('Pick who approves');
    if (!/^\d{4,6}$/.test(pin)) return setTyped('PIN must be 4 to 6 digits');
    setTyped(null);
    onApprove({ user_id: chosen, pin });
    setPin('');
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Over the credit limit" centered>
      <Stack gap="md">
        <Alert color="orange" variant="light">
          {message}
        </Alert>
        <Text size="sm">A manager can approve this sale on credit with their transaction PIN.</Text>
        {approvers.isError && (
          <Alert color="red" variant="light">
            {messageOf(approvers.error)}
          </Alert>
        )}
        <Select
          label="Approved by"
          placeholder={approvers.isPending ? 'Loading…' : 'Pick the manager'}
          data={(approvers.data ?? []).map((a) => ({ value: a.user_id, label: a.name }))}
          value={chosen}
          onChange={setUserId}
          allowDeselect={false}
          nothingFoundMessage="Nobody in this store may approve credit"
          error={typed === 'Pick who approves' ? typed : undefined}
        />
        <PasswordInput
          label="Their PIN"
          inputMode="numeric"
          autoComplete="off"
          maxLength={6}
          value={pin}
          onChange={(e) => setPin(e.currentTarget.value.replace(/\D/g, ''))}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              approve();
            }
          }}
          error={(typed && typed !== 'Pick who approves' ? typed : undefined) ?? error ?? undefined}
        />
        <Group grow>
          <Button variant="default" onClick={onClose}>
            Back
          </Button>
          <Button onClick={approve} loading={selling}>
            Approve and sell
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
