import { Button, Group, Paper, Stack } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ShiftSummary } from '@tillbook/contract/shifts';
import { useState } from 'react';
import { useParams } from 'react-router';
import { CloseShiftModal } from '../../../components/close-shift-modal';
import { PageHeader } from '../../../components/page-header';
import { ShiftReport, ShiftReportActions } from '../../../components/shift-report';
import { ErrorState, LoadingState } from '../../../components/states';
import { StatusBadge } from '../../../components/status-badge';
import { paths } from '../../../config/paths';
import { messageOf } from '../../../lib/api-client';
import { useCan } from '../../../lib/current-user';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { useCloseShift } from '../../../lib/close-shift';
import { useShift } from '../api/get-shift';

const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random()}`;

/** `/report/shifts/:id`: a shift's Z-report, with print (80 mm), PDF (A4) and share; an open one may be closed. */
export default function ShiftScreen() {
  const { id } = useParams();
  const shift = useShift(id);
  const me = useSession()?.user.id;
  const canManage = useCan('shifts.manage');
  const [closing, setClosing] = useState(false);
  const [closed, setClosed] = useState<ShiftSummary | null>(null);
  const [key, setKey] = useState(newKey);
  const close = useCloseShift({
    onSuccess: (answer) => {
      notify.success(`Shift ${answer.data.shift.number} closed`);
      setClosed(answer.data);
    },
    onError: (error) => notify.error(messageOf(error)),
  });
  if (shift.isPending) return <LoadingState rows={8} label="Loading the shift" />;
  if (shift.isError) return <ErrorState error={shift.error} onRetry={() => void shift.refetch()} />;
  const s = shift.data;
  const open = s.shift.status === 'open';
  const mayClose = open && (canManage || s.shift.member.id === me);
  return (
    <Stack gap="lg">
      <PageHeader
        title={`Shift ${s.shift.number}`}
        badge={<StatusBadge status={open ? 'processing' : 'completed'} label={open ? 'Open' : 'Closed'} />}
        breadcrumbs={[
          { label: 'Reports', to: paths.reports },
          { label: 'Shifts', to: `${paths.reports}?tab=shifts` },
          { label: s.shift.number },
        ]}
        actions={
          mayClose ? (
            <Button
              color="red"
              variant="outline"
              leftSection={<IconLock size={16} />}
              onClick={() => setClosing(true)}
            >
              Close shift
            </Button>
          ) : undefined
        }
      />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <Stack gap="md">
          <ShiftReport summary={s} withTitle={false} />
          <Group>
            <ShiftReportActions summary={s} />
          </Group>
        </Stack>
      </Paper>
      {closing && (
        <CloseShiftModal
          opened
          current={s}
          closed={closed}
          pending={close.isPending}
          onConfirm={(values) => close.mutate({ key, id: s.shift.id, ...values })}
          onClose={() => {
            setClosing(false);
            setClosed(null);
            setKey(newKey());
          }}
        />
      )}
    </Stack>
  );
}
