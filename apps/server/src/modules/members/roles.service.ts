import type { createRoleBody, Role, updateRoleBody } from '@tillbook/contract/members';
import { PERMISSION_GROUPS, type Permission } from '@tillbook/contract/permissions';
import type { z } from 'zod';
import { AppError, conflict, notFound } from '../../lib/app-error.js';
import { writeAudit } from '../../lib/audit.js';
import type { StoreContext } from '../../lib/context.js';
import { newId } from '../../lib/ids.js';
import { rolePermissions } from '../../lib/roles.js';
import { membersRepository } from './members.repository.js';

/** A store's roles, and the rule that nobody hands out or uses rights they do not hold. */

export const listPermissions = () => [...PERMISSION_GROUPS];

export const listRoles = (ctx: StoreContext) => membersRepository(ctx.db, ctx.storeId).listRoles();

/** Nobody hands out a permission they do not hold themselves. */
export function assertCanGrant(ctx: StoreContext, permissions: Iterable<string>): void {
  const missing = [...permissions].filter((p) => !ctx.access.permissions.has(p as Permission));
  if (missing.length) {
    throw new AppError(
      'FORBIDDEN',
      `You cannot grant permissions you do not have yourself: ${missing.join(', ')}.`,
      {
        fields: { permissions: `Not yours to grant: ${missing.join(', ')}` },
      },
    );
  }
}

/**
 * Nobody acts on a member or a role with rights they do not hold themselves: removing an Admin,
 * re-inviting one, or stripping a role of a permission are all uses of that power.
 */
export function assertHolds(ctx: StoreContext, permissions: Iterable<string>, what: string): void {
  const missing = [...permissions].filter((p) => !ctx.access.permissions.has(p as Permission));
  if (missing.length) {
    throw new AppError(
      'FORBIDDEN',
      `You cannot ${what} permissions you do not have yourself: ${missing.join(', ')}.`,
    );
  }
}

export const ACT_ON_MEMBER = 'act on a member whose role has';

async function findRoleOr404(ctx: StoreContext, id: string) {
  const role = await membersRepository(ctx.db, ctx.storeId).findRole(id);
  if (!role) throw notFound('Role');
  return role;
}

export async function createRole(ctx: StoreContext, body: z.output<typeof createRoleBody>): Promise<Role> {
  const repo = membersRepository(ctx.db, ctx.storeId);
  if (await repo.findRoleByName(body.name)) {
    throw conflict(`A role named "${body.name}" already exists.`, {
      name: 'A role with this name already exists',
    });
  }
  assertCanGrant(ctx, body.permissions);
  const permissions = [...new Set(body.permissions)];
  const id = newId();
  const now = ctx.now.toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    await membersRepository(trx, ctx.storeId).addRole({
      id,
      key: null,
      name: body.name,
      description: body.description ?? null,
      permissions: JSON.stringify(permissions),
      created_at: now,
      updated_at: now,
    });
    await writeAudit(trx, ctx, {
      action: 'role.created',
      entity: 'role',
      entityId: id,
      summary: `Role "${body.name}" created`,
      after: { name: body.name, description: body.description ?? null, permissions },
    });
  });
  return {
    id,
    name: body.name,
    key: null,
    description: body.description ?? null,
    is_system: false,
    permissions,
    members_count: 0,
    created_at: now,
  };
}

export async function updateRole(
  ctx: StoreContext,
  id: string,
  body: z.output<typeof updateRoleBody>,
): Promise<Role> {
  const role = await findRoleOr404(ctx, id);
  if (role.key)
    throw conflict(`The built-in role ${role.name} cannot be changed. Create a custom role instead.`);
  assertHolds(ctx, rolePermissions(null, role.permissions), 'change a role that has');
  const repo = membersRepository(ctx.db, ctx.storeId);
  if (body.name && body.name.toLowerCase() !== role.name.toLowerCase()) {
    const clash = await repo.findRoleByName(body.name);
    if (clash)
      throw conflict(`A role named "${body.name}" already exists.`, {
        name: 'A role with this name already exists',
      });
  }
  if (body.permissions) assertCanGrant(ctx, body.permissions);
  const before = {
    name: role.name,
    description: role.description,
    permissions: [...rolePermissions(null, role.permissions)],
  };
  const after = {
    name: body.name ?? role.name,
    description: body.description !== undefined ? body.description : role.description,
    permissions: body.permissions ? [...new Set(body.permissions)] : before.permissions,
  };
  await ctx.db.transaction().execute(async (trx) => {
    await membersRepository(trx, ctx.storeId).updateRole(id, {
      name: after.name,
      description: after.description,
      permissions: JSON.stringify(after.permissions),
      updated_at: ctx.now.toISOString(),
    });
    await writeAudit(trx, ctx, {
      action: 'role.updated',
      entity: 'role',
      entityId: id,
      summary: `Role "${after.name}" updated`,
      before,
      after,
    });
  });
  return (await repo.listRoles()).find((r) => r.id === id)!;
}

export async function deleteRole(ctx: StoreContext, id: string): Promise<void> {
  const role = await findRoleOr404(ctx, id);
  if (role.key) throw conflict(`The built-in role ${role.name} cannot be deleted.`);
  assertHolds(ctx, rolePermissions(null, role.permissions), 'delete a role that has');
  const holders = await membersRepository(ctx.db, ctx.storeId).countRoleMembers(id);
  if (holders > 0) {
    throw conflict(`${holders} member(s) hold the role "${role.name}". Give them another role first.`);
  }
  await ctx.db.transaction().execute(async (trx) => {
    await membersRepository(trx, ctx.storeId).deleteRole(id);
    await writeAudit(trx, ctx, {
      action: 'role.deleted',
      entity: 'role',
      entityId: id,
      summary: `Role "${role.name}" deleted`,
      before: { name: role.name, permissions: [...rolePermissions(null, role.permissions)] },
    });
  });
}
