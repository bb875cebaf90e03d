import { z } from 'zod';
import { defineRoutes, emailSchema, idParam, optionalTrimmed, trimmed } from './common.js';
import { isPermission } from './permissions.js';
import { builtInRoleKeySchema, roleRefSchema } from './stores.js';

/** The permission catalogue as `GET /permissions` lists it, grouped by area. */
export const permissionGroupSchema = z.object({
  area: z.string(),
  permissions: z.array(z.object({ key: z.string(), label: z.string() })).readonly(),
});
export type PermissionGroup = z.infer<typeof permissionGroupSchema>;

export const roleSchema = z.object({
  id: z.string(),
  name: z.string(),
  key: builtInRoleKeySchema.nullable(),
  description: z.string().nullable(),
  is_system: z.boolean(),
  permissions: z.array(z.string()),
  members_count: z.number().int(),
  created_at: z.string(),
});
export type Role = z.infer<typeof roleSchema>;

export const MEMBER_STATUSES = ['active', 'invited'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

export const memberSchema = z.object({
  id: z.string(),
  /**
   * Null while the person is invited: an invitation answers the same whether or not the
   * email already has an account, so nothing of that account shows until they join.
   */
  user_id: z.string().nullable(),
  email: z.string(),
  /** While invited, the names the inviter typed. */
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  status: z.enum(MEMBER_STATUSES),
  role: roleRefSchema,
  invitation_expires_at: z.string().nullable(),
  is_owner: z.boolean(),
  is_you: z.boolean(),
  created_at: z.string(),
});
export type Member = z.infer<typeof memberSchema>;

const idAnswer = z.object({ id: z.string() });

/**
 * A member who may approve a sale on credit past the customer's limit (`customers.credit_override`,
 * decision 0065): the till's PIN dialog lists them, since a cashier may not read the team.
 */
export const creditApproverSchema = z.object({
  user_id: z.string(),
  name: z.string(),
});
export type CreditApprover = z.infer<typeof creditApproverSchema>;

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
    response: z.array(permissionGroupSchema),
  },
  roles: {
    method: 'GET',
    path: '/roles',
    access: 'member',
    summary: "The store's roles",
    response: z.array(roleSchema),
  },
  createRole: {
    method: 'POST',
    path: '/roles',
    access: 'roles.manage',
    summary: 'Create a role',
    body: createRoleBody,
    response: roleSchema,
  },
  updateRole: {
    method: 'PATCH',
    path: '/roles/:id',
    access: 'roles.manage',
    summary: 'Edit a custom role',
    params: idParam,
    body: updateRoleBody,
    response: roleSchema,
  },
  deleteRole: {
    method: 'DELETE',
    path: '/roles/:id',
    access: 'roles.manage',
    summary: 'Delete a custom role nobody holds',
    params: idParam,
    response: idAnswer,
  },
  creditApprovers: {
    method: 'GET',
    path: '/members/credit-approvers',
    access: 'orders.create',
    summary:
      "The store's active members who may approve a sale on credit past a customer's limit, for the till's PIN dialog",
    response: z.array(creditApproverSchema),
  },
  list: {
    method: 'GET',
    path: '/members/all-members',
    access: 'members.manage',
    summary: "The store's team",
    response: z.array(memberSchema),
  },
  add: {
    method: 'POST',
    path: '/members/add-member',
    access: 'members.manage',
    summary:
      'Invite a person by email with a role; they join when they accept the emailed link (with or without an account)',
    body: addMemberBody,
    response: memberSchema,
  },
  changeRole: {
    method: 'POST',
    path: '/members/change-role/:id',
    access: 'members.manage',
    summary: "Change a member's role",
    params: idParam,
    body: changeRoleBody,
    response: memberSchema,
  },
  remove: {
    method: 'DELETE',
    path: '/members/delete-member/:id',
    access: 'members.manage',
    summary: 'Remove a member from the store',
    params: idParam,
    response: idAnswer,
    overPlan: 'allowed',
  },
  resendInvite: {
    method: 'POST',
    path: '/members/resend-invite/:id',
    access: 'members.manage',
    summary: 'Send a new invitation (a fresh 7-day link)',
    params: idParam,
    response: memberSchema,
  },
});
