import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconBuildingStore, IconChevronDown, IconLogout, IconUser } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useCurrentUser } from '../../lib/current-user';
import { fullName } from '../../lib/format';
import { useSession } from '../../lib/session';
import { signOut } from './sign-out';

export function UserMenu() {
  const session = useSession();
  const { data } = useCurrentUser();
  const navigate = useNavigate();
  const user = data?.user ?? session?.user;
  const name = user ? fullName(user) || user.email : '';
  return (
    <Menu position="bottom-end" width={220} shadow="md">
      <Menu.Target>
        <UnstyledButton aria-label="Account menu">
          <Group gap={8} wrap="nowrap">
            <Avatar src={data?.user.photo_url ?? undefined} radius="xl" size={34} color="brand" name={name} />
            <div style={{ lineHeight: 1.1 }} className="tb-hide-mobile">
              <Text size="sm" fw={600} truncate maw={140}>
                {name}
              </Text>
              <Text size="xs" c="dimmed" truncate maw={140}>
                {data?.store?.role.name ?? ''}
              </Text>
            </div>
            <IconChevronDown size={14} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user?.email}</Menu.Label>
        <Menu.Item component={Link} to="/settings/profile" leftSection={<IconUser size={16} />}>
          Profile
        </Menu.Item>
        <Menu.Item component={Link} to="/store" leftSection={<IconBuildingStore size={16} />}>
          Stores and branches
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} />}
          onClick={() => {
            void signOut().then(() => navigate('/auth/sign-in', { replace: true }));
          }}
        >
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
