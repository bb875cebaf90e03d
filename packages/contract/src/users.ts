import { z } from 'zod';
import {
  defineRoutes,
  emailSchema,
  optionalTrimmed,
  passwordSchema,
  phoneSchema,
  trimmed,
  webAddress,
} from './common.js';
import { userSchema } from './auth.js';
import { storeSummarySchema } from './stores.js';

export const updateUserDetailsBody = z.object({
  first_name: trimmed('First name', 100).optional(),
  last_name: trimmed('Last name', 100).optional(),
  phone_number: phoneSchema.optional(),
  country: trimmed('Country', 100).optional(),
  business_name: optionalTrimmed('Business name', 200),
});

export const updatePasswordBody = z
  .object({
    current_password: z
      .string({ error: 'Current password is required' })
      .min(1, { error: 'Current password is required' }),
    password: passwordSchema,
    confirm_password: z.string({ error: 'Confirm the new password' }),
  })
  .refine((b) => b.password === b.confirm_password, {
    path: ['confirm_password'],
    error: 'Passwords do not match',
  });

export const websiteBody = z.object({
  website: webAddress('Website', 'https://myshop.ng'),
});

export const billingContactBody = z.object({
  name: optionalTrimmed('Name', 200),
  email: emailSchema.optional().nullable(),
  phone_number: phoneSchema.optional().nullable(),
  address: optionalTrimmed('Address', 300),
});

/** `POST /user/singleuser`: the signed-in user, the current store and what they may do there. */
export const currentUserSchema = z.object({
  user: userSchema,
  store: storeSummarySchema.nullable(),
  stores: z.array(storeSummarySchema),
  permissions: z.array(z.string()),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const usersRoutes = defineRoutes({
  singleUser: {
    method: ['POST', 'GET'],
    path: '/user/singleuser',
    access: 'user',
    summary: 'The signed-in user, current store and permissions',
    response: currentUserSchema,
  },
  updateDetails: {
    method: 'PATCH',
    path: '/user/update-user-details',
    access: 'user',
    summary: 'Edit your name, phone and country',
    body: updateUserDetailsBody,
    response: userSchema,
  },
  updatePassword: {
    method: 'PATCH',
    path: '/user/update-user-password',
    access: 'user',
    summary: 'Change your password; other sessions end',
    body: updatePasswordBody,
    response: z.object({ sessions_ended: z.number().int() }),
  },
  insertWebsite: {
    method: 'PATCH',
    path: '/user/insert-website',
    access: 'user',
    summary: 'Set your website',
    body: websiteBody,
    response: userSchema,
  },
  billingContact: {
    method: 'PATCH',
    path: '/user/billing-contact',
    access: 'user',
    summary: 'Set the billing contact',
    body: billingContactBody,
    response: userSchema,
  },
  photo: {
    method: 'PATCH',
    path: '/user/photo',
    access: 'user',
    summary: 'Upload your profile photo (multipart field `file`)',
    multipart: true,
    response: userSchema,
  },
  file: {
    method: 'GET',
    path: '/files/:name',
    access: 'public',
    summary: 'An uploaded file, by its generated name',
    params: z.object({
      name: z.string().regex(/^[A-Za-z0-9_-]+\.(jpg|png|webp)$/, { error: 'Unknown file' }),
    }),
    file: 'image/*',
  },
});

/** Limits of one analytics event: a few small properties, so the table cannot be used as storage. */
export const ANALYTICS_EVENT_LIMITS = {
  bodyBytes: 8 * 1024,
  properties: 20,
  propertyName: 40,
  text: 200,
} as const;

const PROPERTY_NAME = new RegExp(`^[a-z0-9_.:-]{1,${ANALYTICS_EVENT_LIMITS.propertyName}}$`, 'i');

export const analyticsEventBody = z.object({
  name: trimmed('Event name', 64).regex(/^[a-z0-9_.:-]+$/i, {
    error: 'Event name may use letters, digits and _ . : -',
  }),
  properties: z
    .record(
      z.string(),
      z.union([
        z
          .string()
          .max(ANALYTICS_EVENT_LIMITS.text, { error: `At most ${ANALYTICS_EVENT_LIMITS.text} characters` }),
        z.number(),
        z.boolean(),
        z.null(),
      ]),
    )
    .refine((p) => Object.keys(p).length <= ANALYTICS_EVENT_LIMITS.properties, {
      error: `At most ${ANALYTICS_EVENT_LIMITS.properties} properties`,
    })
    .refine((p) => Object.keys(p).every((k) => PROPERTY_NAME.test(k)), {
      error: `Property names are at most ${ANALYTICS_EVENT_LIMITS.propertyName} letters, digits and _ . : -`,
    })
    .optional(),
});

export const analyticsRoutes = defineRoutes({
  track: {
    method: 'POST',
    path: '/events',
    access: 'user',
    summary:
      'Record a product analytics event (for example `login`): a body of at most 8 KB, limited per account per minute and per day',
    body: analyticsEventBody,
    bodyLimit: ANALYTICS_EVENT_LIMITS.bodyBytes,
    response: z.object({ id: z.string() }),
  },
});
