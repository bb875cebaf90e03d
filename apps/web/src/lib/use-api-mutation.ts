import { onlineManager, useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { Answer, RouteDef } from '@tillbook/contract/common';
import { buildPath } from '@tillbook/contract/paths';
import type { ApiAnswer, CallArgs, QueryValue } from './api-client';
import { API_MUTATION_KEY, type ApiCall, type MutationKind } from './query-client';
import { readSession } from './session';
import { notify } from './toast';

export interface ApiMutationOptions<TVars, TData> {
  /** Which indicator it lights: creating, saving, updating or deleting. */
  kind: MutationKind;
  call: (vars: TVars) => ApiCall;
  onSuccess?: (answer: ApiAnswer<TData>, call: ApiCall) => unknown;
  onError?: (error: Error, call: ApiCall) => unknown;
  /** Queries to refetch after success. */
  invalidate?: QueryKey[];
  /** Keep it across a reload while offline (JSON changes only). Default true. */
  persist?: boolean;
}

/**
 * A change sent to the API. The call is described as data (path, method, body, store), so a
 * change made offline is paused, survives a reload and is sent when the browser is back online.
 * The cache does not retry it (spec section 9).
 */
export function useApiMutation<TVars = void, TData = unknown>(options: ApiMutationOptions<TVars, TData>) {
  const client = useQueryClient();
  const mutation = useMutation<ApiAnswer<TData>, Error, ApiCall>({
    mutationKey: [API_MUTATION_KEY, options.kind],
    meta: { kind: options.kind, persist: options.persist ?? true },
    onSuccess: async (answer, call) => {
      await options.onSuccess?.(answer, call);
      await Promise.all((options.invalidate ?? []).map((queryKey) => client.invalidateQueries({ queryKey })));
    },
    onError: (error, call) => options.onError?.(error, call),
  });
  const toCall = (vars: TVars): ApiCall => {
    const call = options.call(vars);
    // The store the change was made in, even if it is sent later from another store's screen.
    const storeId = readSession()?.store?.id;
    if (!onlineManager.isOnline()) {
      notify.blank('You are offline. The change will be sent when you are back online.');
    }
    return storeId ? { ...call, query: { storeId, ...call.query } } : call;
  };
  return {
    ...mutation,
    mutate: (vars: TVars) => mutation.mutate(toCall(vars)),
    mutateAsync: (vars: TVars) => mutation.mutateAsync(toCall(vars)),
  };
}

/**
 * A change to send, described by its route of the contract's table (see `ApiCall`). No `storeId`:
 * `useApiMutation` adds the store the change was made in.
 */
export function routeCall<R extends RouteDef>(
  route: R,
  args: Omit<CallArgs<R>, 'signal' | 'token' | 'storeId'>,
): ApiCall {
  const { params, query, body, headers } = args as {
    params?: Record<string, string | number>;
    query?: Record<string, QueryValue>;
    body?: unknown;
    headers?: Record<string, string>;
  };
  const method = (Array.isArray(route.method) ? route.method[0] : route.method) as ApiCall['method'];
  return {
    path: buildPath(route.path, params),
    method,
    ...(body !== undefined ? { body } : {}),
    ...(query ? { query } : {}),
    ...(headers ? { headers } : {}),
  };
}

export interface RouteMutationOptions<R extends RouteDef, TVars> extends Omit<
  ApiMutationOptions<TVars, Answer<R>>,
  'call'
> {
  /** The route's parameters, query and body for the mutation's variables. */
  args: (vars: TVars) => Omit<CallArgs<R>, 'signal' | 'token' | 'storeId'>;
}

/** `useApiMutation` for a route of the contract: its answer is typed by the route's response. */
export function useRouteMutation<R extends RouteDef, TVars = void>(
  route: R,
  { args, ...options }: RouteMutationOptions<R, TVars>,
) {
  return useApiMutation<TVars, Answer<R>>({ ...options, call: (vars) => routeCall(route, args(vars)) });
}
