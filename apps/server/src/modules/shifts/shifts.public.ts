/**
 * What the rest of the app may use of the shifts module (decision 0025): its subscriber to the
 * order's facts (decision 0053), put on the app's list by `src/order-fact-subscribers.ts`, so a
 * sale, payment or refund lands in its shift in the order's own transaction without the orders
 * module naming shifts.
 */
export { shiftsSubscriber } from './shift-facts.js';
