import type { OrderFactSubscriber } from './lib/context.js';
import { accountsSubscriber } from './modules/customers/customers.public.js';
import { salesFiguresSubscriber } from './modules/reports/reports.public.js';
import { shiftsSubscriber } from './modules/shifts/shifts.public.js';
import { webhooksSubscriber } from './modules/webhooks/webhooks.public.js';

/**
 * Everything that reacts to an order's facts (placed, paid, completed, cancelled, refunded,
 * moved), in the order's own transaction (decision 0053). The one list: the app and the seed's
 * system context hand it to the services as `Deps.orderFacts`, so the orders module names none of
 * these modules and a new reaction (a till shift, customer credit, a transfer at the till) is one
 * line here and a subscriber in its own module. The product's low-stock event is not here: it is
 * the stock's, raised by the products module where the stock is taken.
 *
 * Order matters only within a fact: subscribers run in this order, each adding its rows to the
 * change's batch.
 */
export const orderFactSubscribers: readonly OrderFactSubscriber[] = [
  salesFiguresSubscriber,
  shiftsSubscriber,
  webhooksSubscriber,
  accountsSubscriber,
];
