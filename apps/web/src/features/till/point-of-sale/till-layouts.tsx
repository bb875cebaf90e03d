import { Button, Grid, Group, Stack } from '@mantine/core';
import { IconPlayerPause } from '@tabler/icons-react';
import { memo, type ReactNode } from 'react';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { MatchQueueButton } from './match-queue';
import { CHARGE_BAR_SPACE } from './phone-till';
import { ShortcutsPanel } from './shortcuts-panel';

/** The till's title with its held-sales, hold and clear actions (compact on a phone). */
export const TillHeader = memo(function TillHeader({
  phone,
  currency,
  heldCount,
  empty,
  onShowHeld,
  onHold,
  onClear,
}: {
  phone: boolean;
  currency: string;
  heldCount: number;
  /** No line on the till: nothing to hold or clear. */
  empty: boolean;
  onShowHeld: () => void;
  onHold: () => void;
  onClear: () => void;
}) {
  const size = phone ? 'compact-sm' : 'sm';
  return (
    <PageHeader
      title="Point of sale"
      breadcrumbs={[{ label: 'Sales' }, { label: 'Orders', to: paths.orders }, { label: 'Point of sale' }]}
      actions={
        <Group gap="sm">
          <MatchQueueButton phone={phone} currency={currency} />
          <Button variant="default" size={size} disabled={heldCount === 0} onClick={onShowHeld}>
            Held sales ({heldCount})
          </Button>
          <Button
            variant="default"
            size={size}
            leftSection={<IconPlayerPause size={16} />}
            disabled={empty}
            onClick={onHold}
          >
            Hold sale
          </Button>
          <Button variant="outline" color="red" size={size} disabled={empty} onClick={onClear}>
            Clear cart
          </Button>
        </Group>
      }
    />
  );
});

/** The till's panels, drawn once by the screen and placed by one of the two layouts below. */
export interface TillPanels {
  header: ReactNode;
  offlineBar: ReactNode;
  /** The cashier's open shift and its cash drawer (issue 32); nothing without `shifts.own`. */
  shiftBar: ReactNode;
  scan: ReactNode;
  cart: ReactNode;
  charges: ReactNode;
  totals: ReactNode;
  payment: ReactNode;
}

/** Desktop (from `md`): scan and cart on the left; charges, totals, payment and shortcuts on the right. */
export function DesktopTill({
  header,
  offlineBar,
  shiftBar,
  scan,
  cart,
  charges,
  totals,
  payment,
}: TillPanels) {
  return (
    <Stack gap="lg">
      {header}
      {offlineBar}
      {shiftBar}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          <Stack gap="md">
            {scan}
            {cart}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <Stack gap="md">
            {charges}
            {totals}
            {payment}
            <ShortcutsPanel />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/**
 * Phone (below `md`, issue 31): scan and the product grid on screen, the Charge bar always at the
 * bottom, and the cart with its payment, totals and charges in the sheet the bar opens.
 */
export function PhoneTill({
  header,
  offlineBar,
  shiftBar,
  scan,
  grid,
  chargeBar,
  sheet,
}: Pick<TillPanels, 'header' | 'offlineBar' | 'shiftBar' | 'scan'> & {
  grid: ReactNode;
  chargeBar: ReactNode;
  sheet: ReactNode;
}) {
  return (
    <Stack gap="sm" pb={CHARGE_BAR_SPACE}>
      {header}
      {offlineBar}
      {shiftBar}
      {scan}
      {grid}
      {chargeBar}
      {sheet}
    </Stack>
  );
}
