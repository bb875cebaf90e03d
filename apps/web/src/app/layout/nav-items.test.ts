import { BUILT_IN_ROLES, type BuiltInRoleKey } from '@tillbook/contract/permissions';
import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import { refusalFor } from '../../config/screen-access';
import { landingFor, navFor } from './nav-items';

const roleOf = (key: BuiltInRoleKey) => new Set<string>(BUILT_IN_ROLES[key].permissions);
const labels = (permissions: ReadonlySet<string>) =>
  navFor(permissions).flatMap((g) => g.items.map((i) => `${g.area} › ${i.label}`));

describe('the menu of a role', () => {
  it("a cashier's holds the till and what it looks up, not the back office", () => {
    expect(labels(roleOf('cashier'))).toEqual([
      'Overview › Home',
      'Sales › Point of sale',
      'Sales › Orders',
      'Sales › Customers',
      'Sales › Customers who owe',
      'Sales › Discounts',
      'Sales › Invoices',
      'Inventory › Products',
      'Purchasing › Payments received',
      'Settings › Profile',
      'Settings › Till',
    ]);
  });

  it("an owner's holds every Settings section and Developers › Webhooks", () => {
    const owner = labels(roleOf('owner'));
    expect(owner.filter((l) => l.startsWith('Settings'))).toEqual(
      [
        'Profile',
        'Business',
        'Team',
        'Roles',
        'Audit log',
        'Payment',
        'Shipping',
        'Tax',
        'Till',
        'Receipts',
        'Subscription',
      ].map((l) => `Settings › ${l}`),
    );
    expect(owner).toEqual(
      expect.arrayContaining(['Developers › API keys', 'Developers › Webhooks', 'Wallet › Wallet']),
    );
  });

  it("a manager's has the wallet and reports but no team, keys or subscription", () => {
    const manager = labels(roleOf('manager'));
    expect(manager).toEqual(
      expect.arrayContaining(['Wallet › Wallet', 'Reports › Reports', 'Settings › Audit log']),
    );
    for (const closed of [
      'Settings › Team',
      'Settings › Subscription',
      'Settings › Roles',
      'Developers › API keys',
    ]) {
      expect(manager).not.toContain(closed);
    }
  });

  it('an admin, who cannot pay for a plan, still sees the plan that limits the team', () => {
    expect(labels(roleOf('admin'))).toContain('Settings › Subscription');
  });

  it('drops an area left with nothing, and holds Home and Profile with no permission at all', () => {
    expect(labels(new Set())).toEqual(['Overview › Home', 'Settings › Profile']);
  });

  it('offers no screen the role would be refused', () => {
    for (const key of Object.keys(BUILT_IN_ROLES) as BuiltInRoleKey[]) {
      const permissions = roleOf(key);
      for (const item of navFor(permissions).flatMap((g) => g.items)) {
        expect(refusalFor(item.to, permissions), `${key}: ${item.to}`).toBeNull();
      }
    }
  });
});

describe('where a member lands', () => {
  it('a cashier on the till; owner, admin and manager on Home', () => {
    expect(landingFor(roleOf('cashier'))).toBe(paths.pointOfSale);
    expect(landingFor(roleOf('owner'))).toBe(paths.home);
    expect(landingFor(roleOf('admin'))).toBe(paths.home);
    expect(landingFor(roleOf('manager'))).toBe(paths.home);
  });

  it('a custom role on the first screen of its menu, else Home', () => {
    expect(landingFor(new Set(['products.view', 'vendors.view']))).toBe(paths.products);
    expect(landingFor(new Set(['wallet.view']))).toBe(paths.wallet);
    expect(landingFor(new Set())).toBe(paths.home);
  });
});
