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
import { paths } from '../../config/paths';

export interface NavItem {
  label: string;
  to: string;
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
  { area: 'Store', icon: IconBuildingStore, items: [{ label: 'Stores and branches', to: paths.stores }] },
  { area: 'Developers', icon: IconCode, items: [{ label: 'API keys', to: paths.developers }] },
  {
    area: 'Settings',
    icon: IconSettings,
    items: [
      { label: 'Profile', to: paths.settingsTab('profile') },
      { label: 'Business', to: paths.settingsTab('business') },
      { label: 'Team', to: paths.settingsTab('team') },
      { label: 'Roles', to: paths.settingsTab('roles') },
      { label: 'Audit log', to: paths.settingsTab('audit-log') },
    ],
  },
];
