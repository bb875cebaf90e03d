/**
 * What the app may use of the orders module (decision 0065): only its deposit subscriber, which
 * matches a transfer into the store's account to the sale waiting for it. The list of deposit
 * subscribers (`src/deposit-subscribers.ts`) names it; no module imports the orders module.
 */
export { tillTransfersSubscriber } from './transfer-matching.js';
