import { PERMISSION_GROUPS, BUILT_IN_ROLES, type Permission } from '@tillbook/contract/permissions';
import { paths } from './paths';

/**
 * What opens a screen: any one of these permissions (the ones the server asks of the screen's
 * first read, from the contract's route tables), or nothing when every member of the store may
 * use it. The menu, the landing screen and the refusal all read this one table, so a screen a
 * role cannot use is neither offered in the menu nor opened into a red "Could not load" error.
 */
export type Need = readonly Permission[];

interface ScreenRule {
  /** The address and everything under it. */
  path: string;
  need: Need;
  /** What is closed, in a sentence: "The wallet is not part of your role". */
  closed: string;
}

const one = (what: string) => `${what} is not part of your role`;
const many = (what: string) => `${what} are not part of your role`;

// Most specific first: the first rule whose path is the address or a folder of it decides.
const RULES: readonly ScreenRule[] = [
  { path: paths.pointOfSale, need: ['orders.create'], closed: one('The point of sale') },
  { path: paths.orders, need: ['orders.view'], closed: many('Orders') },
  { path: paths.invoice, need: ['orders.view'], closed: many('Invoices') },
  { path: paths.thermalPrint, need: ['orders.view'], closed: many('Receipts') },
  { path: paths.customerCreate, need: ['customers.manage'], closed: one('Adding customers') },
  { path: '/sales/customers/edit', need: ['customers.manage'], closed: one('Editing customers') },
  { path: paths.customers, need: ['customers.view'], closed: many('Customers') },
  { path: paths.discountCreate, need: ['discounts.manage'], closed: one('Creating discounts') },
  { path: '/sales/discounts/edit', need: ['discounts.manage'], closed: one('Editing discounts') },
  // The server lets whoever sells read the discounts (the till applies them).
  { path: paths.discounts, need: ['orders.view'], closed: many('Discounts') },
  { path: paths.productCreate, need: ['products.manage'], closed: one('Adding products') },
  { path: paths.products, need: ['products.view'], closed: many('Products') },
  { path: paths.vendorCreate, need: ['vendors.manage'], closed: one('Adding vendors') },
  { path: '/purchase/vendors/edit', need: ['vendors.manage'], closed: one('Editing vendors') },
  { path: paths.vendors, need: ['vendors.view'], closed: many('Vendors') },
  { path: paths.paymentCreate, need: ['payments.record'], closed: one('Recording payments') },
  { path: paths.paymentsReceived, need: ['orders.view'], closed: many('Payments received') },
  {
    path: paths.purchaseOrderCreate,
    need: ['purchase_orders.manage'],
    closed: one('Writing purchase orders'),
  },
  { path: paths.purchaseOrders, need: ['purchase_orders.view'], closed: many('Purchase orders') },
  { path: paths.dashboard, need: ['reports.view'], closed: one('The dashboard') },
  // A shift's Z-report is the shift's reader's (a cashier reads their own without reports.view).
  { path: '/report/shifts', need: ['shifts.own', 'shifts.manage'], closed: many('Shifts') },
  { path: paths.reports, need: ['reports.view'], closed: many('Reports') },
  { path: paths.wallet, need: ['wallet.view'], closed: one('The wallet') },
  // The API reference is the public OpenAPI document: anyone may read it.
  { path: paths.apiReference, need: [], closed: one('The API reference') },
  { path: paths.webhooks, need: ['developers.manage'], closed: many('Webhooks') },
  { path: paths.developers, need: ['developers.manage'], closed: many('API keys') },
  { path: paths.settingsTab('team'), need: ['members.manage'], closed: one('The team') },
  { path: paths.settingsTab('roles'), need: ['roles.manage'], closed: many('Roles') },
  { path: paths.settingsTab('audit-log'), need: ['audits.view'], closed: one('The audit log') },
  // Business, payment, shipping, tax and till settings are read by every member (a till reads
  // its settings) but only changed with settings.manage; a role that cannot change them has no
  // use for the screen, so it is offered to, and opened for, those who can.
  { path: paths.settingsTab('business'), need: ['settings.manage'], closed: many('Business settings') },
  { path: paths.settingsTab('payment'), need: ['settings.manage'], closed: many('Payment settings') },
  { path: paths.settingsTab('shipping'), need: ['settings.manage'], closed: many('Shipping settings') },
  { path: paths.settingsTab('tax'), need: ['settings.manage'], closed: many('Tax settings') },
  // Settings → Till holds this till's printer (kept on the device, per store): whoever sells on
  // it sets it up; the store's till rules there are shown to them and changed with settings.manage.
  {
    path: paths.settingsTab('till'),
    need: ['settings.manage', 'orders.create'],
    closed: many('Till settings'),
  },
  // The store's receipt text and link expiry: whoever runs the store's settings.
  { path: paths.settingsTab('receipts'), need: ['settings.manage'], closed: many('Receipt settings') },
  // The plan limits the team and the stores: who runs those sees it; who pays changes it.
  {
    path: paths.settingsTab('subscription'),
    need: ['subscription.manage', 'settings.manage', 'members.manage'],
    closed: one('The subscription'),
  },
];

function ruleFor(pathname: string): ScreenRule | undefined {
  return RULES.find((r) => pathname === r.path || pathname.startsWith(`${r.path}/`));
}

/** What the screen at `pathname` needs: nothing for Home, Profile, Stores and unknown addresses. */
export function needOf(pathname: string): Need {
  return ruleFor(pathname)?.need ?? [];
}

/** Whether a role with `permissions` may use what `need` asks for. */
export function allows(need: Need, permissions: ReadonlySet<string>): boolean {
  return need.length === 0 || need.some((p) => permissions.has(p));
}

export interface Refusal {
  /** The screen's title: "Wallet". */
  title: string;
  /** "The wallet is not part of your role" */
  closed: string;
  /** Who can grant it, in plain words. */
  ask: string;
}

const LABELS = new Map<string, string>(
  PERMISSION_GROUPS.flatMap((g) => g.permissions.map((p) => [p.key, p.label] as const)),
);

/** "Owner, Admin and Manager": the built-in roles that have one of the permissions. */
function rolesWith(need: Need): string {
  const names = Object.values(BUILT_IN_ROLES)
    .filter((r) => need.some((p) => r.permissions.includes(p)))
    .map((r) => r.name);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '');
}

/**
 * The refusal of a screen the role cannot use, or null when it can: what is closed and who can
 * open it. A role is changed by the store owner or a member whose role may edit roles (Settings
 * → Roles) or change members' roles (Settings → Team): both are said, with the permission's
 * name as Settings → Roles shows it, so the person asked knows what to tick.
 */
export function refusalFor(pathname: string, permissions: ReadonlySet<string>): Refusal | null {
  const rule = ruleFor(pathname);
  if (!rule || allows(rule.need, permissions)) return null;
  const what = rule.need.map((p) => `“${LABELS.get(p) ?? p}”`).join(' or ');
  const roles = rolesWith(rule.need);
  const subject = rule.closed.replace(/ (is|are) not part of your role$/, '').replace(/^The /, '');
  return {
    title: subject.charAt(0).toUpperCase() + subject.slice(1),
    closed: rule.closed,
    ask:
      `Ask the store owner, or a team member who can edit roles, to add ${what} to your role, ` +
      `or to give you a role that has it${roles ? ` (the ${roles} roles do)` : ''}.`,
  };
}
