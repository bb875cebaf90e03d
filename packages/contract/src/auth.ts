import { z } from 'zod';
import {
  currencySchema,
  defineRoutes,
  emailSchema,
  optionalTrimmed,
  passwordSchema,
  phoneSchema,
  timezoneSchema,
  trimmed,
} from './common.js';
import { storeSchema, storeSummarySchema } from './stores.js';

export const signUpBody = z.object({
  first_name: trimmed('First name', 100),
  last_name: trimmed('Last name', 100),
  email: emailSchema,
  password: passwordSchema,
  phone_number: phoneSchema,
  country: trimmed('Country', 100),
  business_name: optionalTrimmed('Business name', 200),
});

export const signInBody = z.object({
  email: emailSchema,
  password: z.string({ error: 'Password is required' }).min(1, { error: 'Password is required' }).max(1024),
});

export const emailBody = z.object({ email: emailSchema });

const codeSchema = z
  .string({ error: 'Code is required' })
  .trim()
  .regex(/^\d{6}$/, { error: 'The code is the 6 digits from the email' });

export const verifyEmailCodeBody = z.object({ email: emailSchema, code: codeSchema });
export const verifyOtpBody = z.object({ email: emailSchema, code: codeSchema });
export const tokenParam = z.object({ token: z.string().min(10).max(200) });

export const resetPasswordBody = z
  .object({
    password: passwordSchema,
    confirm_password: z.string({ error: 'Confirm the password' }),
  })
  .refine((b) => b.password === b.confirm_password, {
    path: ['confirm_password'],
    error: 'Passwords do not match',
  });

export const businessInfoBody = z.object({
  business_name: trimmed('Business name', 200),
  industry: optionalTrimmed('Industry', 100),
  address: optionalTrimmed('Address', 300),
  city: optionalTrimmed('City', 100),
  state: optionalTrimmed('State', 100),
  country: trimmed('Country', 100),
  currency: currencySchema.optional(),
  timezone: timezoneSchema.optional(),
});

export const businessNumberBody = z.object({
  registration_number: optionalTrimmed('Registration (CAC/RC) number', 50),
  tin: optionalTrimmed('Tax identification number', 50),
  phone_number: phoneSchema.optional(),
});

/**
 * `password` is the new password of a person without an account, or the current password of
 * someone who has one (not needed when they accept signed in as the invited account).
 */
export const acceptInviteBody = z.object({
  token: z.string({ error: 'The invitation link is incomplete' }).min(10).max(200),
  password: z.string({ error: 'Password is required' }).max(1024).optional(),
  first_name: optionalTrimmed('First name', 100),
  last_name: optionalTrimmed('Last name', 100),
});

/** The accept form of a person without an account: the password they choose follows the sign-up rules. */
export const acceptInviteNewPasswordForm = acceptInviteBody.extend({ password: passwordSchema });

/** The accept form of someone with an account: their current password. */
export const acceptInviteSignInForm = z.object({
  token: acceptInviteBody.shape.token,
  password: signInBody.shape.password,
});

export const billingContactSchema = z.object({
  name: z.string().nullable().optional(),
  email: z.string().nullable().optional(),
  phone_number: z.string().nullable().optional(),
  address: z.string().nullable().optional(),
});
export type BillingContact = z.infer<typeof billingContactSchema>;

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone_number: z.string(),
  country: z.string(),
  business_name: z.string().nullable(),
  email_verified: z.boolean(),
  photo_url: z.string().nullable(),
  website: z.string().nullable(),
  billing_contact: billingContactSchema.nullable(),
  created_at: z.string(),
});
export type User = z.infer<typeof userSchema>;

/** `data` of a sign-in (and sign-up) answer: the spec reads it as `data.data`. */
export const signInDataSchema = userSchema.extend({
  userToken: z.string(),
  userStore: z.array(storeSummarySchema),
  business_name: z.string().nullable(),
  store_id: z.string().nullable(),
  store_name: z.string().nullable(),
  expires_at: z.string(),
});
export type SignInData = z.infer<typeof signInDataSchema>;

/** A password reset code traded for a one-time reset id. */
export const resetIdSchema = z.object({ reset_id: z.string(), expires_at: z.string() });
export type ResetId = z.infer<typeof resetIdSchema>;

/** Onboarding's business information: the user, the store it made and the user's stores. */
export const businessInfoAnswerSchema = z.object({
  user: userSchema,
  store: storeSchema,
  userStore: z.array(storeSummarySchema),
});
export type BusinessInfoAnswer = z.infer<typeof businessInfoAnswerSchema>;

/** What the accept screen shows of an invitation. */
export const invitationSchema = z.object({
  email: z.string(),
  business_name: z.string(),
  role: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  has_account: z.boolean(),
  expires_at: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const authRoutes = defineRoutes({
  signUp: {
    method: 'POST',
    path: '/user/signup',
    access: 'public',
    summary: 'Create an account',
    body: signUpBody,
    response: signInDataSchema,
  },
  signIn: {
    method: 'POST',
    path: '/user/signin',
    access: 'public',
    summary: 'Sign in',
    body: signInBody,
    response: signInDataSchema,
  },
  signOut: {
    method: 'POST',
    path: '/user/signout',
    access: 'user',
    summary: 'Sign out (revokes the token)',
    response: z.null(),
  },
  verifyEmailLink: {
    method: ['GET', 'POST'],
    path: '/user/verify_email/:token',
    access: 'public',
    summary: 'Verify an email address from the emailed link',
    params: tokenParam,
    response: userSchema,
  },
  verifyEmailCode: {
    method: 'POST',
    path: '/user/verify-email',
    access: 'public',
    summary: 'Verify an email address with the 6-digit code',
    body: verifyEmailCodeBody,
    response: userSchema,
  },
  resendVerification: {
    method: 'POST',
    path: '/user/resend-verification',
    access: 'public',
    summary: 'Send the verification email again',
    body: emailBody,
    response: z.null(),
  },
  forgotPassword: {
    method: 'PATCH',
    path: '/user/forgot-password',
    access: 'public',
    summary: 'Mail a password reset code (always answers 200)',
    body: emailBody,
    response: z.null(),
  },
  verifyOtp: {
    method: 'POST',
    path: '/user/verify-otp',
    access: 'public',
    summary: 'Trade a password reset code for a one-time reset id',
    body: verifyOtpBody,
    response: resetIdSchema,
  },
  resetPassword: {
    method: 'PATCH',
    path: '/user/reset-password/:id',
    access: 'public',
    summary: 'Set a new password with a reset id; ends every session',
    params: z.object({ id: z.string().min(10).max(200) }),
    body: resetPasswordBody,
    response: z.null(),
  },
  businessInfo: {
    method: 'PUT',
    path: '/user/business-info/:id',
    access: 'user',
    summary: "Onboarding: the business's details; creates the first store with the user as Owner",
    params: z.object({ id: z.string().min(1) }),
    body: businessInfoBody,
    response: businessInfoAnswerSchema,
  },
  businessNumber: {
    method: 'PUT',
    path: '/user/business-number/:id',
    access: 'settings.manage',
    summary: "Onboarding: the business's registration numbers and phone",
    params: z.object({ id: z.string().min(1) }),
    body: businessNumberBody,
    response: storeSchema,
  },
  invitation: {
    method: 'GET',
    path: '/members/invitation/:token',
    access: 'public',
    summary: 'The store and email of an invitation, for the accept screen',
    params: tokenParam,
    response: invitationSchema,
  },
  acceptInvite: {
    method: 'POST',
    path: '/members/accept-invite',
    access: 'public',
    summary:
      'Accept an invitation: a new person sets a password; someone with an account signs in (or sends their session)',
    body: acceptInviteBody,
    response: signInDataSchema,
  },
});
