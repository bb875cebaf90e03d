/**
 * What other modules may use of the reports module (decision 0025): the orders module reports
 * the changes that move the sales figures, in its own transaction (decision 0031).
 */
export {
  addPlacedOrder,
  recordCancellation,
  recordCompletion,
  recordRefund,
  rollUpSalesFigures,
  type LineForFigures,
  type OrderForFigures,
  type RefundedLine,
} from './sales-figures.js';
export { rebuildSalesFigures } from '../../db/sales-figures-rebuild.js';
