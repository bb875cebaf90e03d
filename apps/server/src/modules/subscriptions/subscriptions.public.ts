/**
 * What the app uses of the subscriptions module (decision 0025): the plan-limit claim and the
 * over-plan check it installs, and a store's plan (metering).
 */
export { checkPlanStanding, enforcePlanLimits, planOfStore } from './plan-limits.service.js';
/** The demo seed's plan (seed/demo.ts). */
export { givePlanForAYear } from './subscriptions.service.js';
