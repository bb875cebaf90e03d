import { useQuery } from '@tanstack/react-query';
import type { Customer } from '@tillbook/contract/customers';
import { customersRoutes } from '@tillbook/contract/route-refs';
import { call } from '../../../lib/api-client';
import { useStoreId } from '../../../lib/current-user';
import { queryKeys } from '../../../lib/query-keys';
import { customerOnDevice, isLocalCustomerId, rememberCustomer } from '../catalogue/catalogue-cache';
import { isOffline } from '../offline/network';

/** What the till shows of a customer's account for a sale on credit (decision 0065). */
export type CreditAccount = Pick<Customer, 'id' | 'full_name' | 'credit_limit' | 'account_balance'> & {
  /** Read from the till's copy (no network): as it was when the copy was last brought up to date. */
  fromDevice: boolean;
};

const fromCopy = async (storeId: string, id: string): Promise<CreditAccount | null> => {
  const c = await customerOnDevice(storeId, id);
  return c
    ? {
        ...c,
        credit_limit: c.credit_limit ?? null,
        account_balance: c.account_balance ?? 0,
        fromDevice: true,
      }
    : null;
};

/**
 * The customer's balance and credit limit: the server's, or with no network the till's copy of
 * the customer (which is what the device holds an offline sale on credit to).
 */
export const useCreditAccount = (customerId: string | null) => {
  const storeId = useStoreId();
  return useQuery({
    queryKey: queryKeys.customers.part(storeId, 'credit-account', customerId),
    queryFn: async ({ signal }): Promise<CreditAccount | null> => {
      // A customer added offline is known to the store only once the queue has sent them.
      if (isOffline() || isLocalCustomerId(customerId)) return fromCopy(storeId!, customerId!);
      try {
        const c = (await call(customersRoutes.get, { params: { id: customerId! }, signal })).data;
        // Kept for the offline check; a device without its copy of the catalogue just skips it.
        void rememberCustomer(storeId!, c).catch(() => undefined);
        return { ...c, fromDevice: false };
      } catch (error) {
        if (isOffline(error)) return fromCopy(storeId!, customerId!);
        throw error;
      }
    },
    enabled: Boolean(storeId && customerId),
    networkMode: 'always',
    // Another till may have sold to them on credit a moment ago.
    staleTime: 0,
    meta: { persist: false },
  });
};
