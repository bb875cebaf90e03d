import type { createRoleBody, Role } from '@tillbook/contract/members';
import type { z } from 'zod';
import { useStoreId } from '../../../lib/current-user';
import { useApiMutation, type ApiMutationOptions } from '../../../lib/use-api-mutation';
import { rolesKey } from './list-roles';

export type CreateRoleBody = z.input<typeof createRoleBody>;

export const createRoleCall = (body: CreateRoleBody) => ({ path: '/roles', method: 'POST' as const, body });

export const useCreateRole = (
  options: Omit<ApiMutationOptions<CreateRoleBody, Role>, 'kind' | 'call'> = {},
) =>
  useApiMutation<CreateRoleBody, Role>({
    kind: 'create',
    call: createRoleCall,
    invalidate: [rolesKey(useStoreId())],
    ...options,
  });
