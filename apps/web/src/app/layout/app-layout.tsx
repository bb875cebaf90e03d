import { AppShell, Box, Burger, Group, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { BREAKPOINTS } from '@tillbook/contract/constants';
import { useEffect, useMemo, useState } from 'react';
import { Navigate, NavLink as RouterNavLink, Outlet, useLocation, useNavigationType } from 'react-router';
import { Logo } from '../../components/logo';
import { NotInRoleScreen } from '../../components/not-in-role';
import { LoadingState } from '../../components/states';
import { useCurrentUser } from '../../lib/current-user';
import { needOf, refusalFor } from '../../config/screen-access';
import { ActivityIndicator } from './activity-indicator';
import { landingFor, navFor } from './nav-items';
import { StoreSwitcher } from './store-switcher';
import { UserMenu } from './user-menu';
import { VerifyBanner } from './verify-banner';
import { paths } from '../../config/paths';

function isActive(pathname: string, to: string): boolean {
  if (to === paths.settingsTab('profile') && pathname === paths.settings) return true;
  if (to === paths.orders) return pathname === to || pathname.startsWith('/sales/orders/details');
  // "Customers who owe" sits under the customers' address but is its own menu item.
  if (to === paths.customers && pathname.startsWith(paths.customersOwing)) return false;
  return pathname === to || pathname.startsWith(`${to}/`);
}

/** The signed-in app: header, side navigation by area (a drawer on a phone), the screen. */
export default function AppLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  useEffect(() => close(), [pathname, close]);
  // On a phone the navigation is a drawer: its links and store switcher are drawn the first time
  // it opens, not with every screen (they are most of the shell's work on a slow phone's first
  // load, decision 0023). Read at once, not after a first render, so a desktop draws them at once.
  const wide = useMediaQuery(`(min-width: ${BREAKPOINTS.md})`, undefined, { getInitialValueInEffect: false });
  const [drawerDrawn, setDrawerDrawn] = useState(false);
  if (opened && !drawerDrawn) setDrawerDrawn(true);
  const drawNav = wide || drawerDrawn;

  // `transitionDuration={0}`: Mantine marks the shell "resizing" when it mounts and unmarks it
  // after the transition's duration, and the mark sets the transition's length as a variable every
  // element inherits: the browser matched the styles of the whole screen again, one long task on a
  // slow phone's first load. At 0 the variable is the same either way. The drawer's slide on a
  // phone keeps its 200 ms (`tb-navbar`, global.css).
  return (
    <AppShell
      transitionDuration={0}
      header={{ height: 60 }}
      navbar={{ width: 264, breakpoint: 'md', collapsed: { mobile: !opened } }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <AppShell.Header className="tb-header">
        <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="md" size="sm" aria-label="Open navigation" />
            <RouterNavLink
              to={paths.home}
              aria-label="Tillbook home"
              style={{ display: 'flex', textDecoration: 'none' }}
            >
              <Logo size={28} />
            </RouterNavLink>
          </Group>
          <Group gap="md" wrap="nowrap">
            <ActivityIndicator />
            <Box w={240} visibleFrom="md">
              {wide && <StoreSwitcher />}
            </Box>
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" className="tb-navbar" aria-label="Main navigation">
        {drawNav && <NavContent pathname={pathname} closeDrawer={close} />}
      </AppShell.Navbar>

      <AppShell.Main>
        <Box maw={1280} mx="auto">
          <VerifyBanner />
          <Screen pathname={pathname} />
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}

/** The role's permissions in this store, or null until the user's record is known. */
function usePermissions(): ReadonlySet<string> | null {
  const data = useCurrentUser().data;
  return useMemo(() => (data ? new Set<string>(data.permissions) : null), [data]);
}

/**
 * The screen, or in its place the plain refusal of one the role cannot use (a typed address, an
 * old link): never the screen's own red load error from the server's 403. Until the user's
 * record is known a screen that needs a permission waits for it; one that needs none (Home,
 * Profile) and the till (which sells offline, with no record to read) are drawn at once.
 *
 * Arriving at Home by a redirect (sign-in, an accepted invitation, `/`, a signed-in visit to a
 * sign-in page: each replaces the history entry) goes on to the member's landing screen, a
 * cashier's till; Home opened from the menu, a link or the address bar stays Home.
 */
function Screen({ pathname }: { pathname: string }) {
  const me = useCurrentUser();
  const permissions = usePermissions();
  const arriving = useNavigationType() === 'REPLACE' && pathname === paths.home;
  if (!permissions) {
    const waits =
      me.isPending && (arriving || (needOf(pathname).length > 0 && pathname !== paths.pointOfSale));
    return waits ? <LoadingState rows={4} label="Loading" /> : <Outlet />;
  }
  if (arriving) {
    const landing = landingFor(permissions);
    if (landing !== paths.home) return <Navigate to={landing} replace />;
  }
  const refusal = refusalFor(pathname, permissions);
  if (!refusal) return <Outlet />;
  return <NotInRoleScreen {...refusal} />;
}

/** The navigation's content: the store switcher on a phone, and the role's links by area. */
function NavContent({ pathname, closeDrawer }: { pathname: string; closeDrawer: () => void }) {
  const permissions = usePermissions();
  // Until the role is known the menu holds what every member may open (Home, Profile).
  const nav = useMemo(() => navFor(permissions ?? new Set()), [permissions]);
  return (
    <>
      <Box hiddenFrom="md" mb="sm">
        <Text size="xs" c="dimmed" fw={600} mb={4}>
          STORE
        </Text>
        <StoreSwitcher onSwitched={closeDrawer} />
      </Box>
      <AppShell.Section grow component={ScrollArea}>
        <Stack gap={14}>
          {nav.map((group) => (
            <div key={group.area}>
              <Group gap={6} px="xs" mb={4}>
                <group.icon size={14} color="#605D66" />
                <Text size="xs" fw={700} c="#605D66" tt="uppercase" lts={0.5}>
                  {group.area}
                </Text>
              </Group>
              {group.items.map((item) => (
                <NavLink
                  key={item.to}
                  component={RouterNavLink}
                  to={item.to}
                  // `isActive` decides; the router's own prefix match would also light
                  // Orders on the point of sale (/sales/orders/generate).
                  end
                  label={item.label}
                  active={isActive(pathname, item.to)}
                  variant="filled"
                  styles={{ root: { borderRadius: 8 } }}
                  // Closed at the tap, not when the route changes: a screen whose code is still
                  // coming would otherwise leave the drawer over it, looking as if the tap missed.
                  onClick={closeDrawer}
                />
              ))}
            </div>
          ))}
        </Stack>
      </AppShell.Section>
    </>
  );
}
