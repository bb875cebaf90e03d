import type { Plan, PlanCode } from '@tillbook/contract/subscriptions';
import type { AppConfig } from '../../config.js';

/** The plan table of domain.md; prices (and Starter's limits) come from configuration. */
export function plans(config: AppConfig): Plan[] {
  return [
    {
      code: 'FREEMIUM',
      name: 'FREEMIUM',
      label: 'Freemium (Starter)',
      price: 0,
      currency: 'NGN',
      period: null,
      members: config.STARTER_MAX_MEMBERS,
      stores: config.STARTER_MAX_STORES,
      live_api_calls: 250,
      button: 'Select Plan',
      features: ['Unlimited sandbox API calls', '250 free live API calls a month'],
    },
    {
      code: 'GRO001',
      name: 'GROWTH',
      label: 'Growth',
      price: config.PLAN_GROWTH_MONTHLY_PRICE,
      currency: 'NGN',
      period: 'month',
      members: 5,
      stores: 3,
      live_api_calls: null,
      button: 'Upgrade to plan',
      features: ['Unlimited live API calls, metered', 'Branches and a team'],
    },
    {
      code: 'GRO002',
      name: 'GROWTH - Yearly',
      label: 'Growth - Yearly',
      price: config.PLAN_GROWTH_YEARLY_PRICE,
      currency: 'NGN',
      period: 'year',
      members: 5,
      stores: 3,
      live_api_calls: null,
      button: 'Upgrade to plan',
      features: ['Unlimited live API calls, metered', 'Branches and a team', 'Paid yearly'],
    },
    {
      code: 'ENT001',
      name: 'ENTERPRISE',
      label: 'Enterprise',
      price: null,
      currency: 'NGN',
      period: null,
      members: null,
      stores: null,
      live_api_calls: null,
      button: 'Contact Sales',
      features: ['Unlimited team, stores and API calls', 'A contract made for you'],
    },
  ];
}

/** Spec section 3: GRO001, GRO002 and ENT001 are what they say; any other code is Starter. */
export function planFor(config: AppConfig, code: string | null | undefined): Plan {
  const all = plans(config);
  return all.find((p) => p.code === (code as PlanCode)) ?? all[0]!;
}

export const ENTERPRISE_CONTACT = 'mailto:sales@tillbook.ng?subject=Tillbook%20Enterprise';
