import { z } from 'zod';
import { defineRoutes, emailSchema, idParam, optionalTrimmed, trimmed } from './common.js';
import { isPermission, type BuiltInRoleKey } from './permissions.js';

export interface Role {
  id: string;
  name: string;
  key: BuiltInRoleKey | null;
  description: string | null;
  is_system: boolean;
  permissions: string[];
  members_count: number;
  created_at: string;
}

export type MemberStatus = 'active' | 'invited';

export interface Member {
  id: string;
  /**
   * Null while the person is invited: an invitation answers the same whether or not the
   * email already has an account, so nothing of that account shows until they join.
   */
  user_id: string | null;
  email: string;
  /** While invited, the names the inviter typed. */
  first_name: string | null;
  last_name: string | null;
  status: MemberStatus;
  role: { id: string; name: string; key: BuiltInRoleKey | null };
  invitation_expires_at: string | null;
  is_owner: boolean;
  is_you: boolean;
  created_at: string;
}

const permissionList = z
  .array(z.string().refine(isPermission, { error: 'Unknown permission' }), {
    error: 'Choose the permissions',
  })
  .min(1, { error: 'Choose at least one permission' })
  .max(100);

export const createRoleBody = z.object({
  name: trimmed('Role name', 60),
  description: optionalTrimmed('Description', 300),
  permissions: permissionList,
});

export const updateRoleBody = z.object({
  name: trimmed('Role name', 60).optional(),
  description: optionalTrimmed('Description', 300),
  permissions: permissionList.optional(),
});

export const addMemberBody = z.object({
  email: emailSchema,
  role_id: z.string({ error: 'Choose a role' }).min(1, { error: 'Choose a role' }),
  first_name: optionalTrimmed('First name', 100),
  last_name: optionalTrimmed('Last name', 100),
});

export const changeRoleBody = z.object({
  role_id: z.string({ error: 'Choose a role' }).min(1, { error: 'Choose a role' }),
});

export const membersRoutes = defineRoutes({
  permissions: {
    method: 'GET',
    path: '/permissions',
    access: 'member',
    summary: 'The permission catalogue, grouped by area',
  },
  roles: { method: 'GET', path: '/roles', access: 'member', summary: "The store's roles" },
  createRole: {
    method: 'POST',
    path: '/roles',
    access: 'roles.manage',
    summary: 'Create a role',
    body: createRoleBody,
  },
  updateRole: {
    method: 'PATCH',
    path: '/roles/:id',
    access: 'roles.manage',
    summary: 'Edit a custom role',
    params: idParam,
    body: updateRoleBody,
  },
  deleteRole: {
    method: 'DELETE',
    path: '/roles/:id',
    access: 'roles.manage',
    summary: 'Delete a custom role nobody holds',
    params: idParam,
  },
  list: {
    method: 'GET',
    path: '/members/all-members',
    access: 'members.manage',
    summary: "The store's team",
  },
  add: {
    method: 'POST',
    path: '/members/add-member',
    access: 'members.manage',
    summary:
      'Invite a person by email with a role; they join when they accept the emailed link (with or without an account)',
    body: addMemberBody,
  },
  changeRole: {
    method: 'POST',
    path: '/members/change-role/:id',
    access: 'members.manage',
    summary: "Change a member's role",
    params: idParam,
    body: changeRoleBody,
  },
  remove: {
    method: 'DELETE',
    path: '/members/delete-member/:id',
    access: 'members.manage',
    summary: 'Remove a member from the store',
    params: idParam,
  },
  resendInvite: {
    method: 'POST',
    path: '/members/resend-invite/:id',
    access: 'members.manage',
    summary: 'Send a new invitation (a fresh 7-day link)',
    params: idParam,
  },
});
