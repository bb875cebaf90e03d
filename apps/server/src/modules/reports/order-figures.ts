import type { OrderFactSubscriber } from '../../lib/context.js';
import { addCancellation, addCompletion, addPlacedOrder, addRefund } from './sales-figures.js';

/**
 * The sales figures as a subscriber to the order's facts (decision 0053): each fact that moves a
 * figure adds one change row to the change's batch (decision 0031), written with the order's own
 * rows at the end of its transaction. A payment or a move between open statuses moves no figure.
 */
export const salesFiguresSubscriber: OrderFactSubscriber = {
  name: 'sales figures',
  placed: ({ order, lines }, { batch, ctx }) => addPlacedOrder(batch, ctx, order, lines),
  completed: ({ order, lines }, { batch, ctx }) => addCompletion(batch, ctx, order, lines),
  cancelled: ({ order }, { batch, ctx }) => addCancellation(batch, ctx, order),
  refunded: ({ order, value, full, lines }, { batch, ctx }) =>
    addRefund(batch, ctx, order, { value, full, lines }),
};
