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
      { label: 'Home', to: '/home' },
      { label: 'Dashboard', to: '/dashboard' },
    ],
  },
  {
    area: 'Sales',
    icon: IconShoppingCart,
    items: [
      { label: 'Point of sale', to: '/sales/orders/generate' },
      { label: 'Orders', to: '/sales/orders' },
      { label: 'Customers', to: '/sales/customers' },
      { label: 'Discounts', to: '/sales/discounts' },
      { label: 'Invoices', to: '/invoice' },
    ],
  },
  { area: 'Inventory', icon: IconPackage, items: [{ label: 'Products', to: '/inventory/products' }] },
  {
    area: 'Purchasing',
    icon: IconTruckDelivery,
    items: [
      { label: 'Vendors', to: '/purchase/vendors' },
      { label: 'Purchase orders', to: '/purchase/orders' },
      { label: 'Payments received', to: '/purchase/payments-received' },
    ],
  },
  { area: 'Reports', icon: IconChartBar, items: [{ label: 'Reports', to: '/report' }] },
  { area: 'Wallet', icon: IconWallet, items: [{ label: 'Wallet', to: '/wallet' }] },
  { area: 'Store', icon: IconBuildingStore, items: [{ label: 'Stores and branches', to: '/store' }] },
  { area: 'Developers', icon: IconCode, items: [{ label: 'API keys', to: '/developers' }] },
  {
    area: 'Settings',
    icon: IconSettings,
    items: [
      { label: 'Profile', to: '/settings/profile' },
      { label: 'Business', to: '/settings/business' },
      { label: 'Team', to: '/settings/team' },
      { label: 'Roles', to: '/settings/roles' },
      { label: 'Audit log', to: '/settings/audit-log' },
    ],
  },
];
