import {
  BUILT_IN_ROLES,
  isPermission,
  type BuiltInRoleKey,
  type Permission,
} from '@tillbook/contract/permissions';

/** A built-in role's permissions come from the contract; a custom role's from its row. */
export function rolePermissions(key: string | null, stored: string | null): Set<Permission> {
  if (key && key in BUILT_IN_ROLES) return new Set(BUILT_IN_ROLES[key as BuiltInRoleKey].permissions);
  if (!stored) return new Set();
  const list = JSON.parse(stored) as string[];
  return new Set(list.filter(isPermission));
}
