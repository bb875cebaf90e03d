import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { ROLL_GRACE_HOURS, type ApiKey } from '@tillbook/contract/developers';
import { useState } from 'react';
import { messageOf } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useRollKey } from '../api/developer-keys';

const graceLabel = (hours: number) =>
  hours === 0
    ? 'At once'
    : hours < 24
      ? `After ${hours} hour`
      : `After ${hours / 24} day${hours === 24 ? '' : 's'}`;

/** Confirms a roll and asks when the old key should stop working. */
export function RollModal({
  apiKey,
  onClose,
  onRolled,
}: {
  apiKey: ApiKey | null;
  onClose: () => void;
  onRolled: (key: ApiKey) => void;
}) {
  const roll = useRollKey();
  const [grace, setGrace] = useState('0');
  const submit = async () => {
    if (!apiKey) return;
    try {
      const answer = await roll.mutateAsync({ id: apiKey.id, grace_hours: Number(grace) });
      onRolled(answer.data.key);
      notify.success(
        Number(grace) === 0
          ? 'Key rolled. The old key no longer works.'
          : 'Key rolled. The old key works until its grace period ends.',
      );
      onClose();
    } catch (e) {
      notify.error(messageOf(e));
    }
  };
  return (
    <Modal opened={apiKey !== null} onClose={onClose} title="Roll key" centered>
      <Stack>
        <Text size="sm">
          A new key replaces <b>{apiKey?.masked}</b>. Anything using the old key must change to the new one.
        </Text>
        <Select
          label="The old key stops working"
          data={ROLL_GRACE_HOURS.map((h) => ({ value: String(h), label: graceLabel(h) }))}
          value={grace}
          onChange={(v) => setGrace(v ?? '0')}
          allowDeselect={false}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={roll.isPending}>
            Cancel
          </Button>
          <Button color="red" onClick={() => void submit()} loading={roll.isPending}>
            Roll key
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
