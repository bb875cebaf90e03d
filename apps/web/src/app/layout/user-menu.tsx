import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconBuildingStore, IconChevronDown, IconLogout, IconUser } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useCurrentUser } from '../../lib/current-user';
import { fullName } from '../../lib/format';
import { useSession } from '../../lib/session';
import { useOpenedOnce } from '../../lib/use-opened-once';
import { signOut } from '../../lib/sign-out';
import { paths } from '../../config/paths';

export function UserMenu() {
  const session = useSession();
  const { data } = useCurrentUser();
  const navigate = useNavigate();
  const user = data?.user ?? session?.user;
  const name = user ? fullName(user) || user.email : '';
  const role = data?.store?.role.name ?? '';
  // Sales made offline and not yet sent: signing out keeps them, but the cashier is told first.
  const [unsent, setUnsent] = useState(0);
  const askDrawn = useOpenedOnce(unsent > 0);
  const leave = () => void signOut().then(() => navigate(paths.signIn, { replace: true }));
  const askToLeave = async () => {
    const waiting =
      typeof indexedDB === 'undefined'
        ? 0
        : await import('../../lib/till-db').then((m) => m.unsentSalesCount()).catch(() => 0);
    if (waiting > 0) setUnsent(waiting);
    else leave();
  };
  return (
    <>
      {askDrawn && (
        <ConfirmDialog
          opened={unsent > 0}
          title="Sales are waiting to be sent"
          message={`${unsent === 1 ? '1 sale' : `${unsent} sales`} made offline on this device ${unsent === 1 ? 'has' : 'have'} not reached the store yet. They stay on this device and are sent when someone signs in here again with the network on. Sign out anyway?`}
          confirmLabel="Sign out anyway"
          onConfirm={() => {
            setUnsent(0);
            leave();
          }}
          onClose={() => setUnsent(0)}
        />
      )}
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
          <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => void askToLeave()}>
            Sign out
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </>
  );
}
