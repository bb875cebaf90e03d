import { ScrollArea, Stack, Tabs } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { ErrorState, LoadingState } from '../../../components/states';
import { useCurrentUser } from '../../../lib/current-user';
import { AuditLogPanel } from '../components/audit-log-panel';
import { PaymentPanel } from '../components/payment-panel';
import { SubscriptionPanel } from '../components/subscription-panel';
import { BusinessPanel } from '../components/business-panel';
import { ProfilePanel } from '../components/profile-panel';
import { RolesPanel } from '../components/roles-panel';
import { ShippingPanel } from '../components/shipping-panel';
import { TaxPanel } from '../components/tax-panel';
import { TeamPanel } from '../components/team-panel';
import { TillPanel } from '../components/till-panel';
import { ReceiptsPanel } from '../components/receipts-panel';
import { paths } from '../../../config/paths';
import { allows, needOf } from '../../../config/screen-access';

const TABS = [
  { id: 'profile', label: 'Profile' },
  { id: 'business', label: 'Business' },
  { id: 'team', label: 'Team' },
  { id: 'roles', label: 'Roles' },
  { id: 'audit-log', label: 'Audit log' },
  { id: 'payment', label: 'Payment' },
  { id: 'shipping', label: 'Shipping' },
  { id: 'tax', label: 'Tax' },
  { id: 'till', label: 'Till' },
  { id: 'receipts', label: 'Receipts' },
  { id: 'subscription', label: 'Subscription' },
] as const;

/** The tab strip's mask: an end with more tabs past it fades out over 32 px. */
function fade(more: { left: boolean; right: boolean }): string | undefined {
  if (!more.left && !more.right) return undefined;
  const left = more.left ? 'transparent 0, black 32px' : 'black 0';
  const right = more.right ? 'black calc(100% - 32px), transparent 100%' : 'black 100%';
  return `linear-gradient(to right, ${left}, ${right})`;
}

/** paths.settings and `/settings/{id}`: one tab per area of settings. */
export default function SettingsScreen() {
  const { id = 'profile' } = useParams();
  const navigate = useNavigate();
  const me = useCurrentUser();
  const permissions = new Set<string>(me.data?.permissions ?? []);
  // The tabs the role opens (config/screen-access.ts); the app's layout answers any other tab's
  // address with who can open it, so the panels below need not ask again.
  const tabs = TABS.filter((t) => t.id === id || allows(needOf(paths.settingsTab(t.id)), permissions));
  const tabsViewport = useRef<HTMLDivElement>(null);
  // Which ends of the tab strip have more tabs past them: that end fades, so a tab that goes on
  // past the screen's edge reads as "more this way", not as a name cut short.
  const [more, setMore] = useState({ left: false, right: false });
  const measure = () => {
    const v = tabsViewport.current;
    if (!v) return;
    const next = { left: v.scrollLeft > 1, right: v.scrollLeft + v.clientWidth < v.scrollWidth - 1 };
    setMore((was) => (was.left === next.left && was.right === next.right ? was : next));
  };
  // On a phone the tabs scroll sideways without a scrollbar: the open tab is brought into view,
  // or Payment and Subscription open with their own tab off-screen.
  useEffect(() => {
    const viewport = tabsViewport.current;
    const tab = viewport?.querySelector<HTMLElement>('[role="tab"][data-active]');
    if (!viewport || !tab) return;
    const box = viewport.getBoundingClientRect();
    const at = tab.getBoundingClientRect();
    viewport.scrollTo({
      left: Math.max(0, viewport.scrollLeft + at.left - box.left - (box.width - at.width) / 2),
    });
    measure();
    // Again when the role's tabs arrive: the strip's width changes with them.
  }, [id, tabs.length]);
  if (!TABS.some((t) => t.id === id)) return <Navigate to={paths.settingsTab('profile')} replace />;

  const render = (tab: string) => {
    if (!me.data) return null;
    const { user, store } = me.data;
    switch (tab) {
      case 'profile':
        return <ProfilePanel user={user} />;
      case 'business':
        return store ? (
          <BusinessPanel
            key={`${store.id}:${store.updated_at}`}
            store={store}
            userId={user.id}
            canEdit={permissions.has('settings.manage')}
          />
        ) : null;
      case 'team':
        return <TeamPanel />;
      case 'roles':
        return <RolesPanel />;
      case 'audit-log':
        return <AuditLogPanel />;
      case 'shipping':
        return store ? (
          <ShippingPanel canEdit={permissions.has('settings.manage')} country={store.country} />
        ) : null;
      case 'tax':
        return store ? (
          <TaxPanel
            canEdit={permissions.has('settings.manage')}
            place={{ country: store.country, state: store.state }}
          />
        ) : null;
      case 'till':
        return (
          <TillPanel canEdit={permissions.has('settings.manage')} storeName={store?.business_name ?? ''} />
        );
      case 'receipts':
        return <ReceiptsPanel canEdit={permissions.has('settings.manage')} />;
      case 'payment':
        return <PaymentPanel canEdit={permissions.has('settings.manage')} />;
      case 'subscription':
        return <SubscriptionPanel canManage={permissions.has('subscription.manage')} />;
      default:
        return null;
    }
  };

  return (
    <Stack gap="lg">
      <PageHeader
        title="Settings"
        breadcrumbs={[{ label: 'Settings' }, { label: TABS.find((t) => t.id === id)!.label }]}
      />
      <Tabs value={id} onChange={(v) => v && navigate(paths.settingsTab(v))} keepMounted={false}>
        {/* On a phone the strip scrolls; each tab keeps its whole name (no shrinking, no
          wrapping), the strip comes to rest at a tab's start, and an end with more tabs fades. */}
        <ScrollArea
          type="never"
          mb="lg"
          viewportRef={tabsViewport}
          onScrollPositionChange={measure}
          viewportProps={{ style: { scrollSnapType: 'x proximity' } }}
          style={{ maskImage: fade(more), WebkitMaskImage: fade(more) }}
        >
          <Tabs.List style={{ flexWrap: 'nowrap' }}>
            {tabs.map((t) => (
              <Tabs.Tab
                key={t.id}
                value={t.id}
                style={{ flex: 'none', whiteSpace: 'nowrap', scrollSnapAlign: 'start' }}
              >
                {t.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </ScrollArea>
        {me.isPending ? (
          <LoadingState rows={6} label="Loading settings" />
        ) : me.isError ? (
          <ErrorState error={me.error} onRetry={() => void me.refetch()} />
        ) : (
          TABS.map((t) => (
            <Tabs.Panel key={t.id} value={t.id}>
              {t.id === id && render(t.id)}
            </Tabs.Panel>
          ))
        )}
      </Tabs>
    </Stack>
  );
}
