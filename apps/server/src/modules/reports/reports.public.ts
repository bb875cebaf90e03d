/**
 * What the rest of the app may use of the reports module (decision 0025): the sales figures'
 * subscriber to the order's facts (decision 0053), put on the app's list of subscribers by
 * `src/order-fact-subscribers.ts`, so the figures move in the order's own transaction (decision
 * 0031) without the orders module naming reports.
 */
export { salesFiguresSubscriber } from './order-figures.js';

/** The phone till's top sellers (decision 0056). */
export { topSellingProductIds } from './top-sellers.js';
