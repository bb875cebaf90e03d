import { BUILT_IN_ROLES } from '@tillbook/contract/permissions';
import { describe, expect, it } from 'vitest';
import { paths } from './paths';
import { allows, needOf, refusalFor } from './screen-access';

const cashier = new Set<string>(BUILT_IN_ROLES.cashier.permissions);
const owner = new Set<string>(BUILT_IN_ROLES.owner.permissions);

describe('what a screen needs', () => {
  it("is what the server asks of the screen's first read", () => {
    expect(needOf(paths.wallet)).toEqual(['wallet.view']);
    expect(needOf(paths.pointOfSale)).toEqual(['orders.create']);
    expect(needOf(paths.order('o-1'))).toEqual(['orders.view']);
    expect(needOf(paths.productCreate)).toEqual(['products.manage']);
    expect(needOf(paths.product('p-1'))).toEqual(['products.view']);
    expect(needOf(paths.customerEdit('c-1'))).toEqual(['customers.manage']);
    expect(needOf(paths.webhooks)).toEqual(['developers.manage']);
    expect(needOf(paths.settingsTab('team'))).toEqual(['members.manage']);
  });

  it('is nothing for Home, Profile, the stores one belongs to and the public API reference', () => {
    for (const open of [
      paths.home,
      paths.settings,
      paths.settingsTab('profile'),
      paths.stores,
      paths.apiReference,
    ]) {
      expect(needOf(open), open).toEqual([]);
    }
  });

  it('is any one of several for the subscription', () => {
    const need = needOf(paths.settingsTab('subscription'));
    expect(allows(need, new Set(['members.manage']))).toBe(true);
    expect(allows(need, cashier)).toBe(false);
  });
});

describe('a refused screen', () => {
  it('says what is closed and who can open it, naming the permission as Settings › Roles does', () => {
    expect(refusalFor(paths.wallet, cashier)).toEqual({
      title: 'Wallet',
      closed: 'The wallet is not part of your role',
      ask:
        'Ask the store owner, or a team member who can edit roles, to add “View wallet balance and transactions” ' +
        'to your role, or to give you a role that has it (the Owner, Admin and Manager roles do).',
    });
    expect(refusalFor(paths.purchaseOrders, cashier)?.closed).toBe(
      'Purchase orders are not part of your role',
    );
    expect(refusalFor(paths.settingsTab('team'), cashier)?.title).toBe('Team');
  });

  it('is no refusal where the role may go', () => {
    for (const path of [paths.wallet, paths.webhooks, paths.settingsTab('subscription'), paths.dashboard]) {
      expect(refusalFor(path, owner)).toBeNull();
    }
    for (const path of [paths.pointOfSale, paths.orders, paths.customers, paths.settingsTab('profile')]) {
      expect(refusalFor(path, cashier)).toBeNull();
    }
  });
});
