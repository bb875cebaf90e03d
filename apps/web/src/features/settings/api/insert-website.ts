import type { websiteBody } from '@tillbook/contract/users';
import type { z } from 'zod';
import { usersRoutes } from '@tillbook/contract/route-refs';
import { accountKeys } from '../../../lib/query-keys';
import { useRouteMutation, type RouteMutationOptions } from '../../../lib/use-api-mutation';

export type WebsiteBody = z.input<typeof websiteBody>;

export const useInsertWebsite = (
  options: Omit<RouteMutationOptions<typeof usersRoutes.insertWebsite, WebsiteBody>, 'kind' | 'args'> = {},
) =>
  useRouteMutation(usersRoutes.insertWebsite, {
    kind: 'save',
    args: (body: WebsiteBody) => ({ body }),
    invalidate: [accountKeys.currentUser()],
    ...options,
  });
