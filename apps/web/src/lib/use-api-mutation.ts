import { onlineManager, useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Answer, RouteDef, RouteLike, RouteOf, RouteRef } from '@tillbook/contract/common';
import { buildPath } from '@tillbook/contract/paths';
import type { ApiAnswer, CallArgs, QueryValue } from './api-client';
import { API_MUTATION_KEY, type ApiCall, type MutationKind } from './query-client';
import { useStoreId } from './current-user';
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
export function routeCall<T extends RouteRef>(
  route: T,
  args: Omit<CallArgs<RouteOf<T>>, 'signal' | 'token' | 'storeId'>,
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

export interface RouteMutationOptions<T extends RouteLike, TVars> extends Omit<
  ApiMutationOptions<TVars, Answer<T>>,
  'call'
> {
  /** The route's parameters, query and body for the mutation's variables. */
  args: (vars: TVars) => Omit<CallArgs<RouteOf<T>>, 'signal' | 'token' | 'storeId'>;
}

/** `useApiMutation` for a route of the contract: its answer is typed by the route's response. */
export function useRouteMutation<R extends RouteDef, TVars = void>(
  route: RouteRef<R>,
  { args, ...options }: RouteMutationOptions<R, TVars>,
) {
  return useApiMutation<TVars, Answer<R>>({ ...options, call: (vars) => routeCall(route, args(vars)) });
}

/** What a screen may add to a feature's mutation hook; the hook sets the kind and the arguments. */
export type HookMutationOptions<T extends RouteLike, TVars> = Omit<
  RouteMutationOptions<T, TVars>,
  'kind' | 'args'
>;

/** The body a route takes, as a form holds it (before the contract's defaults). */
export type RouteBody<T extends RouteLike> = RouteOf<T>['body'] extends z.ZodType
  ? z.input<RouteOf<T>['body']>
  : never;

/** The variables of an update: the record's id (in the path) and its new values. */
export interface UpdateVars<Body> {
  id: string;
  body: Body;
}

type RouteArgs<R extends RouteDef> = Omit<CallArgs<R>, 'signal' | 'token' | 'storeId'>;

/** A route that adds a record: the mutation's variables are its body. */
export function useCreateRoute<R extends RouteDef>(
  route: RouteRef<R>,
  invalidate: QueryKey[],
  options: HookMutationOptions<R, RouteBody<R>> = {},
) {
  return useRouteMutation(route, {
    kind: 'create',
    args: (body: RouteBody<R>) => ({ body }) as RouteArgs<R>,
    invalidate,
    ...options,
  });
}

/** A route that changes a record: `{ id, body }`, the id in the path. */
export function useUpdateRoute<R extends RouteDef>(
  route: RouteRef<R>,
  kind: 'update' | 'save',
  invalidate: QueryKey[],
  options: HookMutationOptions<R, UpdateVars<RouteBody<R>>> = {},
) {
  return useRouteMutation(route, {
    kind,
    args: ({ id, body }: UpdateVars<RouteBody<R>>) => ({ params: { id }, body }) as unknown as RouteArgs<R>,
    invalidate,
    ...options,
  });
}

/**
 * The create and update hooks of one kind of record: both refetch the same queries, the store's
 * (`invalidate(storeId)`). An update lights `updateKind`.
 */
export function saveHooks<C extends RouteDef, U extends RouteDef>(
  routes: { create: RouteRef<C>; update: RouteRef<U> },
  updateKind: 'update' | 'save',
  invalidate: (storeId: string | null) => QueryKey[],
) {
  return {
    useCreate: (options: HookMutationOptions<C, RouteBody<C>> = {}) =>
      useCreateRoute(routes.create, invalidate(useStoreId()), options),
    useUpdate: (options: HookMutationOptions<U, UpdateVars<RouteBody<U>>> = {}) =>
      useUpdateRoute(routes.update, updateKind, invalidate(useStoreId()), options),
  };
}
