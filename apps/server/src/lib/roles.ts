import { BUILT_IN_ROLES, isPermission, type Permission } from '@tillbook/contract/permissions';

const BUILT_IN_SETS = new Map<string, ReadonlySet<Permission>>(
  Object.entries(BUILT_IN_ROLES).map(([key, role]) => [key, new Set<Permission>(role.permissions)]),
);
const NONE: ReadonlySet<Permission> = new Set();
/** Custom roles' sets by their stored text: every request resolves its role, most to the same few. */
const CUSTOM_SETS = new Map<string, ReadonlySet<Permission>>();
const MAX_CUSTOM_SETS = 500;

/**
 * A built-in role's permissions come from the contract; a custom role's from its row. The sets
 * are shared between callers (they are read-only), since every authenticated request asks.
 */
export function rolePermissions(key: string | null, stored: string | null): ReadonlySet<Permission> {
  const builtIn = key ? BUILT_IN_SETS.get(key) : undefined;
  if (builtIn) return builtIn;
  if (!stored) return NONE;
  let set = CUSTOM_SETS.get(stored);
  if (!set) {
    set = new Set((JSON.parse(stored) as string[]).filter(isPermission));
    if (CUSTOM_SETS.size >= MAX_CUSTOM_SETS) CUSTOM_SETS.delete(CUSTOM_SETS.keys().next().value!);
    CUSTOM_SETS.set(stored, set);
  }
  return set;
}
