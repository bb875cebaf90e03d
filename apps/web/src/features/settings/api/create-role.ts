import type { createRoleBody } from '@tillbook/contract/members';
import type { z } from 'zod';
import { membersRoutes } from '@tillbook/contract/route-refs';
import { useStoreId } from '../../../lib/current-user';
import { useRouteMutation, type RouteMutationOptions } from '../../../lib/use-api-mutation';
import { rolesKey } from './list-roles';

export type CreateRoleBody = z.input<typeof createRoleBody>;

export const useCreateRole = (
  options: Omit<RouteMutationOptions<typeof membersRoutes.createRole, CreateRoleBody>, 'kind' | 'args'> = {},
) =>
  useRouteMutation(membersRoutes.createRole, {
    kind: 'create',
    args: (body: CreateRoleBody) => ({ body }),
    invalidate: [rolesKey(useStoreId())],
    ...options,
  });
