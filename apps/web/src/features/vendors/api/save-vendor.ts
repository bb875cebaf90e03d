import { vendorsRoutes } from '@tillbook/contract/vendors';
import { queryKeys } from '../../../lib/query-keys';
import { saveHooks } from '../../../lib/use-api-mutation';

export const { useCreate: useCreateVendor, useUpdate: useUpdateVendor } = saveHooks(
  vendorsRoutes,
  'update',
  (storeId) => [queryKeys.vendors.all(storeId)],
);
