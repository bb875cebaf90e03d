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
import type { StoreSummary } from './stores.js';

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

export interface User {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  phone_number: string;
  country: string;
  business_name: string | null;
  email_verified: boolean;
  photo_url: string | null;
  website: string | null;
  billing_contact: BillingContact | null;
  created_at: string;
}

export interface BillingContact {
  name?: string | null;
  email?: string | null;
  phone_number?: string | null;
  address?: string | null;
}

/** `data` of a sign-in (and sign-up) answer: the spec reads it as `data.data`. */
export interface SignInData extends User {
  userToken: string;
  userStore: StoreSummary[];
  business_name: string | null;
  store_id: string | null;
  store_name: string | null;
  expires_at: string;
}

export const authRoutes = defineRoutes({
  signUp: {
    method: 'POST',
    path: '/user/signup',
    access: 'public',
    summary: 'Create an account',
    body: signUpBody,
  },
  signIn: { method: 'POST', path: '/user/signin', access: 'public', summary: 'Sign in', body: signInBody },
  signOut: { method: 'POST', path: '/user/signout', access: 'user', summary: 'Sign out (revokes the token)' },
  verifyEmailLink: {
    method: ['GET', 'POST'],
    path: '/user/verify_email/:token',
    access: 'public',
    summary: 'Verify an email address from the emailed link',
    params: tokenParam,
  },
  verifyEmailCode: {
    method: 'POST',
    path: '/user/verify-email',
    access: 'public',
    summary: 'Verify an email address with the 6-digit code',
    body: verifyEmailCodeBody,
  },
  resendVerification: {
    method: 'POST',
    path: '/user/resend-verification',
    access: 'public',
    summary: 'Send the verification email again',
    body: emailBody,
  },
  forgotPassword: {
    method: 'PATCH',
    path: '/user/forgot-password',
    access: 'public',
    summary: 'Mail a password reset code (always answers 200)',
    body: emailBody,
  },
  verifyOtp: {
    method: 'POST',
    path: '/user/verify-otp',
    access: 'public',
    summary: 'Trade a password reset code for a one-time reset id',
    body: verifyOtpBody,
  },
  resetPassword: {
    method: 'PATCH',
    path: '/user/reset-password/:id',
    access: 'public',
    summary: 'Set a new password with a reset id; ends every session',
    params: z.object({ id: z.string().min(10).max(200) }),
    body: resetPasswordBody,
  },
  businessInfo: {
    method: 'PUT',
    path: '/user/business-info/:id',
    access: 'user',
    summary: "Onboarding: the business's details; creates the first store with the user as Owner",
    params: z.object({ id: z.string().min(1) }),
    body: businessInfoBody,
  },
  businessNumber: {
    method: 'PUT',
    path: '/user/business-number/:id',
    access: 'settings.manage',
    summary: "Onboarding: the business's registration numbers and phone",
    params: z.object({ id: z.string().min(1) }),
    body: businessNumberBody,
  },
  invitation: {
    method: 'GET',
    path: '/members/invitation/:token',
    access: 'public',
    summary: 'The store and email of an invitation, for the accept screen',
    params: tokenParam,
  },
  acceptInvite: {
    method: 'POST',
    path: '/members/accept-invite',
    access: 'public',
    summary:
      'Accept an invitation: a new person sets a password; someone with an account signs in (or sends their session)',
    body: acceptInviteBody,
  },
});
