import type { DepositSubscriber } from './lib/context.js';
import { tillTransfersSubscriber } from './modules/orders/orders.public.js';

/**
 * Everything that reacts to a deposit newly credited to a store's wallet, in the deposit's
 * transaction (decision 0065): the app and the seed's system context hand it to the services as
 * `Deps.deposits`, so the wallet names no module above it. Today the one reaction is matching the
 * transfer to a sale waiting for it at the till.
 */
export const depositSubscribers: readonly DepositSubscriber[] = [tillTransfersSubscriber];
