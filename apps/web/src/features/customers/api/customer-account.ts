import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListFilters } from '@tillbook/contract/common';
import type { accountQuery, statementQuery } from '@tillbook/contract/customer-accounts';
import { customerAccountsRoutes } from '@tillbook/contract/route-refs';
import { call, downloadRoute } from '../../../lib/api-client';
import { useStoreId } from '../../../lib/current-user';
import { BALANCE_STALE_MS, queryKeys } from '../../../lib/query-keys';
import { useRouteMutation, type HookMutationOptions, type RouteBody } from '../../../lib/use-api-mutation';

export type AccountFilters = ListFilters<typeof accountQuery>;

/** `GET /customers/{id}/account`: balance, limit, open orders and a page of the statement. */
export const customerAccountQuery = (storeId: string | null, id: string, filters: AccountFilters) =>
  queryOptions({
    queryKey: queryKeys.customers.part(storeId, 'one', id, 'account', filters),
    queryFn: async ({ signal }) =>
      (await call(customerAccountsRoutes.account, { params: { id }, query: filters, signal })).data,
    enabled: Boolean(storeId),
    staleTime: BALANCE_STALE_MS,
    placeholderData: keepPreviousData,
  });

export const useCustomerAccount = (id: string, filters: AccountFilters) =>
  useQuery(customerAccountQuery(useStoreId(), id, filters));

/** The statement of the period shown, as the server's PDF. */
export const downloadStatement = (id: string, period: ListFilters<typeof statementQuery>) =>
  downloadRoute(customerAccountsRoutes.statement, { params: { id }, query: period }, 'statement.pdf');

/**
 * What a repayment or a write-off changes: the customer (their balance, the account and the
 * owing lists, all under the customers' keys), the orders it paid, the payments and the figures.
 */
const accountChanges = (storeId: string | null) => [
  queryKeys.customers.all(storeId),
  queryKeys.orders.all(storeId),
  queryKeys.payments.all(storeId),
  queryKeys.insight.all(storeId),
];

/**
 * A repayment or write-off carries its idempotency key: made when the dialog opens and reused
 * when the same form is sent again (a lost answer, a double tap), so it is recorded once.
 */
interface Keyed<Body> {
  id: string;
  key: string;
  body: Body;
}
const keyedArgs = <Body>({ id, key, body }: Keyed<Body>) => ({
  params: { id },
  body,
  headers: { 'Idempotency-Key': key },
});

export type RepaymentBody = RouteBody<typeof customerAccountsRoutes.pay>;
export type WriteOffBody = RouteBody<typeof customerAccountsRoutes.writeOff>;

export const useRecordRepayment = (
  options: HookMutationOptions<typeof customerAccountsRoutes.pay, Keyed<RepaymentBody>> = {},
) =>
  useRouteMutation(customerAccountsRoutes.pay, {
    kind: 'save',
    args: (vars: Keyed<RepaymentBody>) => keyedArgs(vars),
    invalidate: accountChanges(useStoreId()),
    ...options,
  });

export const useWriteOff = (
  options: HookMutationOptions<typeof customerAccountsRoutes.writeOff, Keyed<WriteOffBody>> = {},
) =>
  useRouteMutation(customerAccountsRoutes.writeOff, {
    kind: 'save',
    args: (vars: Keyed<WriteOffBody>) => keyedArgs(vars),
    invalidate: accountChanges(useStoreId()),
    ...options,
  });

/** Sets (a number, minor units) or removes (null) the customer's credit limit. */
export const useSetCreditLimit = (
  options: HookMutationOptions<typeof customerAccountsRoutes.creditLimit, CreditLimitChange> = {},
) =>
  useRouteMutation(customerAccountsRoutes.creditLimit, {
    kind: 'update',
    args: ({ id, limit }: CreditLimitChange) => ({ params: { id }, body: { credit_limit: limit } }),
    invalidate: [queryKeys.customers.all(useStoreId())],
    ...options,
  });

interface CreditLimitChange {
  id: string;
  limit: number | null;
}
