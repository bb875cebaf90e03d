import { vendorsRoutes } from '@tillbook/contract/route-refs';
import { queryKeys } from '../../../lib/query-keys';
import { saveHooks } from '../../../lib/use-api-mutation';

export const { useCreate: useCreateVendor, useUpdate: useUpdateVendor } = saveHooks(
  vendorsRoutes,
  'update',
  (storeId) => [queryKeys.vendors.all(storeId)],
);
