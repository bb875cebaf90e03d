/** What the app uses of the subscriptions module (decision 0025): the plan-limit check it installs. */
export { enforcePlanLimits, planOfStore } from './subscriptions.service.js';
