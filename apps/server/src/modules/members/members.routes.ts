import { membersRoutes } from '@tillbook/contract/members';
import { MESSAGES } from '@tillbook/contract/constants';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/reply.js';
import { route } from '../../lib/route.js';
import * as members from './members.service.js';
import * as roles from './roles.service.js';

export function registerMembersRoutes(app: FastifyInstance): void {
  route(app, membersRoutes.permissions, async () => ok(roles.listPermissions()));
  route(app, membersRoutes.roles, async (ctx) => ok(await roles.listRoles(ctx)));
  route(app, membersRoutes.createRole, async (ctx, { body }) =>
    ok(await roles.createRole(ctx, body), MESSAGES.roleCreated, 201),
  );
  route(app, membersRoutes.updateRole, async (ctx, { params, body }) =>
    ok(await roles.updateRole(ctx, params.id, body), 'Role updated'),
  );
  route(app, membersRoutes.deleteRole, async (ctx, { params }) => {
    await roles.deleteRole(ctx, params.id);
    return ok({ id: params.id }, 'Role deleted');
  });
  route(app, membersRoutes.creditApprovers, async (ctx) => ok(await members.listCreditApprovers(ctx)));
  route(app, membersRoutes.list, async (ctx) => ok(await members.listMembers(ctx)));
  route(app, membersRoutes.add, async (ctx, { body }) =>
    ok(await members.addMember(ctx, body), 'Invitation sent', 201),
  );
  route(app, membersRoutes.changeRole, async (ctx, { params, body }) =>
    ok(await members.changeRole(ctx, params.id, body.role_id), 'Role changed'),
  );
  route(app, membersRoutes.remove, async (ctx, { params }) =>
    ok(await members.removeMember(ctx, params.id), 'Member removed'),
  );
  route(app, membersRoutes.resendInvite, async (ctx, { params }) =>
    ok(await members.resendInvite(ctx, params.id), 'Invitation sent'),
  );
}
