import {
  ActionIcon,
  Anchor,
  Box,
  Button,
  Menu,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { addMemberBody, changeRoleBody, type Member } from '@tillbook/contract/members';
import type { ColumnDef } from '@tanstack/react-table';
import { IconDots, IconMail, IconTrash, IconUserCog, IconUserPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { CurrentSubscription } from '@tillbook/contract/subscriptions';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable } from '../../../components/data-table';
import { DateTime } from '../../../components/money';
import { EmptyState, Section } from '../../../components/states';
import { StatusBadge } from '../../../components/status-badge';
import { messageOf } from '../../../lib/api-client';
import { fullName } from '../../../lib/format';
import { showFormError, useSchemaForm, withoutEmpty } from '../../../lib/forms';
import { notify } from '../../../lib/toast';
import { useTableState } from '../../../lib/use-table-state';
import { useAddMember } from '../api/add-member';
import { useChangeRole } from '../api/change-role';
import { useMembers } from '../api/list-members';
import { useRoles } from '../api/list-roles';
import { useRemoveMember } from '../api/remove-member';
import { useResendInvite } from '../api/resend-invite';
import { FormActions } from '../../../components/form-actions';
import { paths } from '../../../config/paths';
import { useCurrentSubscription } from '../api/subscription';

/**
 * Whether the plan has room for one more member (the server's count: the owner and open
 * invitations included), and the reason when it has not. Unknown (still loading) is room: the
 * server refuses an invitation past the plan in any case.
 */
export function teamRoom(sub: CurrentSubscription | undefined): { full: boolean; reason: string | null } {
  if (!sub || sub.plan.members === null || sub.usage.members < sub.plan.members) {
    return { full: false, reason: null };
  }
  return {
    full: true,
    reason: `The ${sub.plan.label} plan has room for ${sub.plan.members} team member${sub.plan.members === 1 ? '' : 's'}, you included: upgrade the plan, or remove a member, to invite someone.`,
  };
}

/**
 * "Team: 1 of 1 on Freemium (Starter) · Upgrade", above the team, before any form. Whoever opens
 * the team opens the plans too (config/screen-access.ts), so Upgrade always leads somewhere.
 */
function PlanUsage({ sub }: { sub: CurrentSubscription }) {
  const { plan, usage } = sub;
  const room = teamRoom(sub);
  return (
    <Paper withBorder radius="md" px="md" py="sm" data-testid="team-usage">
      <Text size="sm">
        <b>
          Team: {usage.members} of {plan.members ?? 'unlimited'} on {plan.label}
        </b>
        {plan.members !== null && (
          <>
            {' · '}
            <Anchor component={Link} to={paths.settingsTab('subscription')} size="sm">
              Upgrade
            </Anchor>
          </>
        )}
      </Text>
      {room.reason && (
        <Text size="sm" c="dimmed" mt={4} id="team-full-reason">
          {room.reason}
        </Text>
      )}
    </Paper>
  );
}

function useRoleOptions() {
  const roles = useRoles();
  return (roles.data ?? []).filter((r) => r.key !== 'owner').map((r) => ({ value: r.id, label: r.name }));
}

function AddMemberModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const roles = useRoleOptions();
  const form = useSchemaForm(addMemberBody, { email: '', role_id: '', first_name: '', last_name: '' });
  const add = useAddMember({
    onSuccess: (answer) => {
      notify.success(answer.message || 'Invitation sent');
      form.reset();
      onClose();
    },
    onError: (error) => showFormError(form, error),
  });
  return (
    <Modal opened={opened} onClose={onClose} title="Add a team member" centered>
      <form onSubmit={form.onSubmit((v) => add.mutate(withoutEmpty(v) as typeof v))} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            They get an email with a link to join: someone new chooses a password, someone with a Tillbook
            account signs in with it. They join when they accept; the link is valid for 7 days.
          </Text>
          <TextInput label="Email" type="email" required data-autofocus {...form.getInputProps('email')} />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput label="First name" {...form.getInputProps('first_name')} />
            <TextInput label="Last name" {...form.getInputProps('last_name')} />
          </SimpleGrid>
          <Select
            label="Role"
            placeholder="Choose a role"
            data={roles}
            required
            {...form.getInputProps('role_id')}
          />
          <FormActions onCancel={onClose} submitLabel="Send invitation" loading={add.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}

function ChangeRoleModal({ member, onClose }: { member: Member | null; onClose: () => void }) {
  const roles = useRoleOptions();
  const form = useSchemaForm(changeRoleBody, { role_id: member?.role.id ?? '' });
  const change = useChangeRole({
    onSuccess: (answer) => {
      notify.success(answer.message || 'Role changed');
      onClose();
    },
    onError: (error) => showFormError(form, error),
  });
  return (
    <Modal opened={member !== null} onClose={onClose} title="Change role" centered>
      {member && (
        <form
          onSubmit={form.onSubmit((v) => change.mutate({ memberId: member.id, role_id: v.role_id }))}
          noValidate
        >
          <Stack>
            <Text size="sm">
              Choose the role of <b>{fullName(member) || member.email}</b>. It takes effect at once.
            </Text>
            <Select label="Role" data={roles} allowDeselect={false} {...form.getInputProps('role_id')} />
            <FormActions onCancel={onClose} submitLabel="Change role" loading={change.isPending} />
          </Stack>
        </form>
      )}
    </Modal>
  );
}

export function TeamPanel() {
  const members = useMembers();
  const state = useTableState('members');
  const [addOpen, add] = useDisclosure(false);
  const subscription = useCurrentSubscription();
  const room = teamRoom(subscription.data);
  const addButton = (label: string, icon: boolean) => (
    <Button
      leftSection={icon ? <IconUserPlus size={16} /> : undefined}
      onClick={add.open}
      disabled={room.full}
      aria-describedby={room.full ? 'team-full-reason' : undefined}
    >
      {label}
    </Button>
  );
  const [changing, setChanging] = useState<Member | null>(null);
  const [removing, setRemoving] = useState<Member | null>(null);
  const remove = useRemoveMember({
    onSuccess: (answer) => {
      notify.success(answer.message || 'Member removed');
      setRemoving(null);
    },
    onError: (error) => notify.error(messageOf(error)),
  });
  const resend = useResendInvite({
    onSuccess: (answer) => notify.success(answer.message || 'Invitation sent'),
    onError: (error) => notify.error(messageOf(error)),
  });

  const columns = useMemo<ColumnDef<Member, unknown>[]>(
    () => [
      {
        id: 'name',
        header: 'Member',
        accessorFn: (m) => fullName(m) || m.email,
        cell: ({ row }) => (
          <div>
            <Text size="sm" fw={500}>
              {fullName(row.original) || '—'}
              {row.original.is_you ? ' (you)' : ''}
            </Text>
            <Text size="xs" c="dimmed">
              {row.original.email}
            </Text>
          </div>
        ),
      },
      { id: 'role', header: 'Role', accessorFn: (m) => m.role.name },
      {
        id: 'status',
        header: 'Status',
        accessorFn: (m) => m.status,
        cell: ({ getValue }) => <StatusBadge status={String(getValue())} />,
      },
      {
        id: 'created_at',
        header: 'Added',
        accessorFn: (m) => m.created_at,
        cell: ({ getValue }) => <DateTime iso={String(getValue())} />,
      },
      {
        id: 'actions',
        header: '',
        enableSorting: false,
        cell: ({ row }) => {
          const m = row.original;
          if (m.is_owner || m.is_you) return null;
          return (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${m.email}`}>
                  <IconDots size={18} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item leftSection={<IconUserCog size={16} />} onClick={() => setChanging(m)}>
                  Change role
                </Menu.Item>
                {m.status === 'invited' && (
                  <Menu.Item leftSection={<IconMail size={16} />} onClick={() => resend.mutate(m.id)}>
                    Resend invitation
                  </Menu.Item>
                )}
                <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => setRemoving(m)}>
                  Remove from store
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          );
        },
      },
    ],
    [resend],
  );

  return (
    <Section
      title="Team members"
      description="Everyone who can sign in to this store, and what their role lets them do."
      actions={addButton('Add member', true)}
    >
      {subscription.data && (
        <Box mb="md">
          <PlanUsage sub={subscription.data} />
        </Box>
      )}
      <DataTable
        label="Team members"
        columns={columns}
        data={members.data}
        state={state}
        loading={members.isPending}
        error={members.error}
        onRetry={() => void members.refetch()}
        getRowId={(m) => m.id}
        empty={
          <EmptyState
            title="Just you so far"
            description="Add your staff so each person signs in with their own account and role."
            action={addButton('Add member', false)}
          />
        }
      />
      <AddMemberModal opened={addOpen} onClose={add.close} />
      <ChangeRoleModal key={changing?.id ?? 'none'} member={changing} onClose={() => setChanging(null)} />
      <ConfirmDialog
        opened={removing !== null}
        title="Remove team member"
        message={
          removing ? (
            <>
              <b>{fullName(removing) || removing.email}</b> will no longer be able to sign in to this store.
              Their past actions stay in the audit log.
            </>
          ) : null
        }
        confirmLabel="Remove member"
        loading={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing.id)}
        onClose={() => setRemoving(null)}
      />
    </Section>
  );
}
