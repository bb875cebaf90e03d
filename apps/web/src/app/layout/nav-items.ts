import {
  IconBuildingStore,
  IconChartBar,
  IconCode,
  IconHome,
  IconPackage,
  IconSettings,
  IconShoppingCart,
  IconTruckDelivery,
  IconWallet,
  type Icon,
} from '@tabler/icons-react';
import type { Permission } from '@tillbook/contract/permissions';
import { paths } from '../../config/paths';
import { allows, needOf, type Need } from '../../config/screen-access';

export interface NavItem {
  label: string;
  to: string;
  /** Shown only with one of these; by default what the screen itself needs (access.ts). */
  need?: Need;
}

export interface NavGroup {
  area: string;
  icon: Icon;
  items: NavItem[];
}

/** The side navigation, grouped as the spec's areas. */
export const NAV: NavGroup[] = [
  {
    area: 'Overview',
    icon: IconHome,
    items: [
      { label: 'Home', to: paths.home },
      { label: 'Dashboard', to: paths.dashboard },
    ],
  },
  {
    area: 'Sales',
    icon: IconShoppingCart,
    items: [
      { label: 'Point of sale', to: paths.pointOfSale },
      { label: 'Orders', to: paths.orders },
      { label: 'Customers', to: paths.customers },
      { label: 'Customers who owe', to: paths.customersOwing },
      { label: 'Discounts', to: paths.discounts },
      { label: 'Invoices', to: paths.invoice },
    ],
  },
  { area: 'Inventory', icon: IconPackage, items: [{ label: 'Products', to: paths.products }] },
  {
    area: 'Purchasing',
    icon: IconTruckDelivery,
    items: [
      { label: 'Vendors', to: paths.vendors },
      { label: 'Purchase orders', to: paths.purchaseOrders },
      { label: 'Payments received', to: paths.paymentsReceived },
    ],
  },
  { area: 'Reports', icon: IconChartBar, items: [{ label: 'Reports', to: paths.reports }] },
  { area: 'Wallet', icon: IconWallet, items: [{ label: 'Wallet', to: paths.wallet }] },
  {
    area: 'Store',
    icon: IconBuildingStore,
    // The screen lists the stores one belongs to (the user menu opens it to switch), but in the
    // menu it is the back office's place to add stores and branches.
    items: [{ label: 'Stores and branches', to: paths.stores, need: ['stores.manage'] }],
  },
  {
    area: 'Developers',
    icon: IconCode,
    items: [
      { label: 'API keys', to: paths.developers },
      { label: 'Webhooks', to: paths.webhooks },
    ],
  },
  {
    area: 'Settings',
    icon: IconSettings,
    items: [
      { label: 'Profile', to: paths.settingsTab('profile') },
      { label: 'Business', to: paths.settingsTab('business') },
      { label: 'Team', to: paths.settingsTab('team') },
      { label: 'Roles', to: paths.settingsTab('roles') },
      { label: 'Audit log', to: paths.settingsTab('audit-log') },
      { label: 'Payment', to: paths.settingsTab('payment') },
      { label: 'Shipping', to: paths.settingsTab('shipping') },
      { label: 'Tax', to: paths.settingsTab('tax') },
      { label: 'Till', to: paths.settingsTab('till') },
      { label: 'Receipts', to: paths.settingsTab('receipts') },
      { label: 'Subscription', to: paths.settingsTab('subscription') },
    ],
  },
];

/** The menu of a role: the items it may use, and the areas left with any. */
export function navFor(permissions: ReadonlySet<Permission | string>): NavGroup[] {
  return NAV.map((group) => ({
    ...group,
    items: group.items.filter((item) => allows(item.need ?? needOf(item.to), permissions)),
  })).filter((group) => group.items.length > 0);
}

/**
 * Where a member lands after signing in and at `/`: Home when it shows the day's figures to
 * them, else the first screen of their menu that their role opens (a cashier's is the point of
 * sale), else Home (which every member may open).
 */
export function landingFor(permissions: ReadonlySet<Permission | string>): string {
  if (permissions.has('reports.view')) return paths.home;
  for (const group of navFor(permissions)) {
    for (const item of group.items) {
      if ((item.need ?? needOf(item.to)).length > 0) return item.to;
    }
  }
  return paths.home;
}
