import { Badge, Button, Drawer, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { MESSAGES } from '@tillbook/contract/constants';
import { createRoleBody, type Role } from '@tillbook/contract/members';
import type { ColumnDef } from '@tanstack/react-table';
import { IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { DataTable } from '../../../components/data-table';
import { EmptyState, Section } from '../../../components/states';
import { showFormError, useSchemaForm, withoutEmpty } from '../../../lib/forms';
import { notify } from '../../../lib/toast';
import { useTableState } from '../../../lib/use-table-state';
import { useCreateRole } from '../api/create-role';
import { usePermissions, type PermissionGroup } from '../api/list-permissions';
import { useRoles } from '../api/list-roles';
import { PermissionPicker } from './permission-picker';
import { FormActions } from '../../../components/form-actions';

function CreateRoleModal({
  opened,
  onClose,
  groups,
}: {
  opened: boolean;
  onClose: () => void;
  groups: PermissionGroup[];
}) {
  const form = useSchemaForm(createRoleBody, { name: '', description: '', permissions: [] as string[] });
  const create = useCreateRole({
    onSuccess: () => {
      notify.success(MESSAGES.roleCreated);
      form.reset();
      onClose();
    },
    onError: (error) => showFormError(form, error),
  });
  return (
    <Modal opened={opened} onClose={onClose} title="Create a role" size="xl" centered>
      <form onSubmit={form.onSubmit((v) => create.mutate(withoutEmpty(v) as typeof v))} noValidate>
        <Stack>
          <TextInput
            label="Role name"
            placeholder="Store keeper"
            required
            data-autofocus
            {...form.getInputProps('name')}
          />
          <Textarea label="Description" autosize minRows={2} {...form.getInputProps('description')} />
          <PermissionPicker
            groups={groups}
            value={form.values.permissions as string[]}
            onChange={(v) => form.setFieldValue('permissions', v)}
            error={form.errors.permissions}
          />
          <FormActions onCancel={onClose} submitLabel="Create role" loading={create.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}

function RoleDrawer({
  role,
  groups,
  onClose,
}: {
  role: Role | null;
  groups: PermissionGroup[];
  onClose: () => void;
}) {
  const granted = new Set(role?.permissions ?? []);
  return (
    <Drawer opened={role !== null} onClose={onClose} title={role?.name} position="right" size="md">
      {role && (
        <Stack>
          {role.description && <Text size="sm">{role.description}</Text>}
          <Text size="sm" c="dimmed">
            {role.members_count} member{role.members_count === 1 ? '' : 's'} ·{' '}
            {role.is_system ? 'Built-in role' : 'Custom role'}
          </Text>
          {groups.map((g) => {
            const items = g.permissions.filter((p) => granted.has(p.key));
            if (!items.length) return null;
            return (
              <div key={g.area}>
                <Text fw={600} size="sm" mb={4}>
                  {g.area}
                </Text>
                <Stack gap={2}>
                  {items.map((p) => (
                    <Text key={p.key} size="sm">
                      • {p.label}
                    </Text>
                  ))}
                </Stack>
              </div>
            );
          })}
        </Stack>
      )}
    </Drawer>
  );
}

export function RolesPanel() {
  const roles = useRoles();
  const permissions = usePermissions();
  const groups = permissions.data ?? [];
  const state = useTableState('roles');
  const [createOpen, create] = useDisclosure(false);
  const [viewing, setViewing] = useState<Role | null>(null);

  const columns = useMemo<ColumnDef<Role, unknown>[]>(
    () => [
      {
        id: 'name',
        header: 'Role',
        accessorFn: (r) => r.name,
        meta: { wrap: true },
        cell: ({ row }) => (
          <div>
            <Text size="sm" fw={500}>
              {row.original.name}
            </Text>
            {row.original.description && (
              <Text size="xs" c="dimmed" lineClamp={1}>
                {row.original.description}
              </Text>
            )}
          </div>
        ),
      },
      {
        id: 'type',
        header: 'Type',
        accessorFn: (r) => (r.is_system ? 'Built-in' : 'Custom'),
        cell: ({ getValue }) => (
          <Badge variant="light" color={getValue() === 'Custom' ? 'brand' : 'gray'}>
            {String(getValue())}
          </Badge>
        ),
      },
      { id: 'permissions', header: 'Permissions', accessorFn: (r) => r.permissions.length },
      { id: 'members', header: 'Members', accessorFn: (r) => r.members_count },
    ],
    [],
  );

  return (
    <Section
      title="Roles"
      description="A role is a set of permissions. Built-in roles cover most shops; create your own for anything else."
      actions={
        <Button leftSection={<IconPlus size={16} />} onClick={create.open}>
          Create role
        </Button>
      }
    >
      <DataTable
        label="Roles"
        columns={columns}
        data={roles.data}
        state={state}
        loading={roles.isPending}
        error={roles.error}
        onRetry={() => void roles.refetch()}
        getRowId={(r) => r.id}
        onRowClick={setViewing}
        empty={
          <EmptyState title="No roles" description="Create a role to give your team the right access." />
        }
      />
      <CreateRoleModal opened={createOpen} onClose={create.close} groups={groups} />
      <RoleDrawer role={viewing} groups={groups} onClose={() => setViewing(null)} />
    </Section>
  );
}
