import { purchaseOrdersRoutes } from '@tillbook/contract/route-refs';
import { saveHooks } from '../../../lib/use-api-mutation';
import { purchaseOrdersKey } from './list-purchase-orders';

export const { useCreate: useCreatePurchaseOrder, useUpdate: useUpdatePurchaseOrder } = saveHooks(
  purchaseOrdersRoutes,
  'save',
  (storeId) => [purchaseOrdersKey(storeId)],
);
