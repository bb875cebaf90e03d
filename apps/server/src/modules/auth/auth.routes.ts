import { authRoutes } from '@tillbook/contract/auth';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/reply.js';
import { route } from '../../lib/route.js';
import * as codes from './email-codes.service.js';
import * as invitations from './invitations.service.js';
import * as onboarding from './onboarding.service.js';
import * as auth from './sign-in.service.js';
import { deviceOf, rememberDevice } from './device-cookie.js';

export function registerAuthRoutes(app: FastifyInstance): void {
  route(app, authRoutes.signUp, async (ctx, { body }, request, reply) => {
    const device = deviceOf(request);
    const data = await auth.signUp(ctx, body, device.id);
    rememberDevice(request, reply, device.id);
    return ok(data, 'Account created. We sent a verification code to your email.', 201);
  });
  route(app, authRoutes.signIn, async (ctx, { body }, request, reply) => {
    const device = deviceOf(request);
    const data = await auth.signIn(ctx, body, device);
    rememberDevice(request, reply, device.id);
    return ok(data, 'Login successful');
  });
  route(app, authRoutes.signOut, async (ctx) => {
    await auth.signOut(ctx);
    return ok(null, 'Signed out');
  });
  route(app, authRoutes.verifyEmailLink, async (ctx, { params }) =>
    ok(await codes.verifyEmailLink(ctx, params.token), 'Email verified'),
  );
  route(app, authRoutes.verifyEmailCode, async (ctx, { body }) =>
    ok(await codes.verifyEmailCode(ctx, body.email, body.code), 'Email verified'),
  );
  route(app, authRoutes.resendVerification, async (ctx, { body }) => {
    await codes.resendVerification(ctx, body.email);
    return ok(null, 'If this email has an account waiting for verification, a new code is on its way.');
  });
  route(app, authRoutes.forgotPassword, async (ctx, { body }) => {
    await codes.forgotPassword(ctx, body.email);
    return ok(null, 'If this email has an account, a reset code is on its way. It expires in 10 minutes.');
  });
  route(app, authRoutes.verifyOtp, async (ctx, { body }) =>
    ok(await codes.verifyResetCode(ctx, body.email, body.code), 'Code accepted. Choose a new password.'),
  );
  route(app, authRoutes.resetPassword, async (ctx, { params, body }) => {
    await codes.resetPassword(ctx, params.id, body.password);
    return ok(null, 'Password changed. Sign in with your new password.');
  });
  route(app, authRoutes.businessInfo, async (ctx, { params, body }) =>
    ok(await onboarding.businessInfo(ctx, params.id, body), 'Business information saved'),
  );
  route(app, authRoutes.businessNumber, async (ctx, { params, body }) =>
    ok(await onboarding.businessNumber(ctx, params.id, body), 'Business number saved'),
  );
  route(app, authRoutes.invitation, async (ctx, { params }) =>
    ok(await invitations.invitationDetails(ctx, params.token)),
  );
  route(app, authRoutes.acceptInvite, async (ctx, { body }, request, reply) => {
    const device = deviceOf(request);
    const data = await invitations.acceptInvite(ctx, body, device);
    rememberDevice(request, reply, device.id);
    return ok(data, 'Welcome to the team');
  });
}
