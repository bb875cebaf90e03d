import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconBuildingStore, IconChevronDown, IconLogout, IconUser } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useCurrentUser } from '../../lib/current-user';
import { fullName } from '../../lib/format';
import { useSession } from '../../lib/session';
import { signOut } from './sign-out';
import { paths } from '../paths';

export function UserMenu() {
  const session = useSession();
  const { data } = useCurrentUser();
  const navigate = useNavigate();
  const user = data?.user ?? session?.user;
  const name = user ? fullName(user) || user.email : '';
  const role = data?.store?.role.name ?? '';
  return (
    <Menu position="bottom-end" width={220} shadow="md">
      <Menu.Target>
        {/* The name starts with the words the button shows (name and role), so speech
            control users can say what they see. The avatar shows the photo or a person
            icon, not initials: initials would be visible text the name does not hold. */}
        <UnstyledButton aria-label={[name, role, 'account menu'].filter(Boolean).join(', ')}>
          <Group gap={8} wrap="nowrap">
            <Avatar src={data?.user.photo_url ?? undefined} radius="xl" size={34} color="brand" alt="" />
            <div style={{ lineHeight: 1.1 }} className="tb-hide-mobile">
              <Text size="sm" fw={600} truncate maw={140}>
                {name}
              </Text>{' '}
              {/* The space keeps name and role two words for assistive technology. */}
              <Text size="xs" c="dimmed" truncate maw={140}>
                {role}
              </Text>
            </div>
            <IconChevronDown size={14} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user?.email}</Menu.Label>
        <Menu.Item component={Link} to={paths.settingsTab('profile')} leftSection={<IconUser size={16} />}>
          Profile
        </Menu.Item>
        <Menu.Item component={Link} to={paths.stores} leftSection={<IconBuildingStore size={16} />}>
          Stores and branches
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} />}
          onClick={() => {
            void signOut().then(() => navigate(paths.signIn, { replace: true }));
          }}
        >
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
