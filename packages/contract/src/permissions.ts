/**
 * The fixed permission catalogue (`resource.action`) and the built-in roles.
 * Every API route names one of these in its route table entry; the server denies by default.
 */
export const PERMISSION_GROUPS = [
  {
    area: 'Sales',
    permissions: [
      { key: 'customers.view', label: 'View customers' },
      { key: 'customers.manage', label: 'Create, edit and import customers' },
      { key: 'customers.block', label: 'Block and unblock customers' },
      {
        key: 'customers.credit_override',
        label: "Set credit limits, and approve a credit sale past a customer's limit",
      },
      { key: 'customers.write_off', label: 'Write off what a customer owes' },
      { key: 'orders.view', label: 'View orders' },
      { key: 'orders.create', label: 'Create orders (point of sale)' },
      { key: 'orders.update_status', label: 'Change order status, cancel and refund' },
      { key: 'orders.discount_override', label: 'Give line discounts above 20%' },
      { key: 'discounts.manage', label: 'Create and edit discounts' },
      { key: 'payments.record', label: 'Record payments received' },
    ],
  },
  {
    area: 'Shifts',
    permissions: [
      { key: 'shifts.own', label: 'Open and close their own shift, with pay-ins and payouts' },
      { key: 'shifts.manage', label: "See and close everyone's shifts" },
    ],
  },
  {
    area: 'Inventory',
    permissions: [
      { key: 'products.view', label: 'View products and stock' },
      { key: 'products.manage', label: 'Create, edit, import products and adjust stock' },
    ],
  },
  {
    area: 'Purchasing',
    permissions: [
      { key: 'vendors.view', label: 'View vendors' },
      { key: 'vendors.manage', label: 'Create and edit vendors' },
      { key: 'purchase_orders.view', label: 'View purchase orders' },
      { key: 'purchase_orders.manage', label: 'Create, issue and cancel purchase orders' },
      { key: 'purchase_orders.receive', label: 'Receive purchase orders into stock' },
    ],
  },
  {
    area: 'Reports',
    permissions: [{ key: 'reports.view', label: 'View dashboard and reports' }],
  },
  {
    area: 'Wallet',
    permissions: [
      { key: 'wallet.view', label: 'View wallet balance and transactions' },
      { key: 'wallet.transfer', label: 'Send bank transfers from the wallet' },
    ],
  },
  {
    area: 'Store',
    permissions: [
      { key: 'settings.manage', label: 'Edit store details, shipping and tax settings' },
      { key: 'stores.manage', label: 'Create stores and branches' },
    ],
  },
  {
    area: 'Team',
    permissions: [
      { key: 'members.manage', label: 'Invite, change and remove team members' },
      { key: 'roles.manage', label: 'Create and edit roles' },
      { key: 'audits.view', label: 'View the audit log' },
    ],
  },
  {
    area: 'Developers',
    permissions: [{ key: 'developers.manage', label: 'View, reveal and roll API keys' }],
  },
  {
    area: 'Subscription',
    permissions: [{ key: 'subscription.manage', label: 'Change the subscription plan' }],
  },
] as const;

export type Permission = (typeof PERMISSION_GROUPS)[number]['permissions'][number]['key'];

export const PERMISSIONS: readonly Permission[] = PERMISSION_GROUPS.flatMap((g) =>
  g.permissions.map((p) => p.key),
);

export function isPermission(value: string): value is Permission {
  return (PERMISSIONS as readonly string[]).includes(value);
}

export type BuiltInRoleKey = 'owner' | 'admin' | 'manager' | 'cashier';

const ALL = PERMISSIONS;

/** Built-in roles. Their permissions are read from here, so a catalogue change reaches every store. */
export const BUILT_IN_ROLES: Record<
  BuiltInRoleKey,
  { name: string; description: string; permissions: readonly Permission[] }
> = {
  owner: {
    name: 'Owner',
    description: 'Everything. Cannot be removed or demoted.',
    permissions: ALL,
  },
  admin: {
    name: 'Admin',
    description: 'Everything except changing the subscription plan.',
    permissions: ALL.filter((p) => p !== 'subscription.manage'),
  },
  manager: {
    name: 'Manager',
    description: 'Runs the shop: sales, stock, purchasing and reports; no team, wallet transfers or keys.',
    permissions: [
      'customers.view',
      'customers.manage',
      'customers.block',
      'customers.credit_override',
      'orders.view',
      'orders.create',
      'orders.update_status',
      'orders.discount_override',
      'discounts.manage',
      'payments.record',
      'shifts.own',
      'shifts.manage',
      'products.view',
      'products.manage',
      'vendors.view',
      'vendors.manage',
      'purchase_orders.view',
      'purchase_orders.manage',
      'purchase_orders.receive',
      'reports.view',
      'wallet.view',
      'audits.view',
    ],
  },
  cashier: {
    name: 'Cashier',
    description: 'Sells at the point of sale and looks up customers and products.',
    permissions: [
      'customers.view',
      'customers.manage',
      'orders.view',
      'orders.create',
      'payments.record',
      'shifts.own',
      'products.view',
    ],
  },
};

export const BUILT_IN_ROLE_KEYS = Object.keys(BUILT_IN_ROLES) as BuiltInRoleKey[];
