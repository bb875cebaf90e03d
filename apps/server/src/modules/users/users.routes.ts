import { analyticsRoutes, usersRoutes } from '@tillbook/contract/users';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/app-error.js';
import { ok } from '../../lib/reply.js';
import { route } from '../../lib/route.js';
import * as users from './users.service.js';

export function registerUsersRoutes(app: FastifyInstance): void {
  route(app, usersRoutes.singleUser, async (ctx) => ok(await users.currentUser(ctx)));
  route(app, usersRoutes.updateDetails, async (ctx, { body }) =>
    ok(await users.updateDetails(ctx, body), 'Saved!!'),
  );
  route(app, usersRoutes.updatePassword, async (ctx, { body }) =>
    ok(await users.updatePassword(ctx, body), 'Password changed. Your other sessions were signed out.'),
  );
  route(app, usersRoutes.insertWebsite, async (ctx, { body }) =>
    ok(await users.updateWebsite(ctx, body.website), 'Saved!!'),
  );
  route(app, usersRoutes.billingContact, async (ctx, { body }) =>
    ok(await users.updateBillingContact(ctx, body), 'Saved!!'),
  );
  route(app, usersRoutes.photo, async (ctx, _input, request) =>
    ok(await users.uploadPhoto(ctx, request), 'Photo uploaded'),
  );
  route(app, usersRoutes.file, async (ctx, { params }, _request, reply) => {
    const file = await ctx.deps.storage.get(params.name);
    if (!file) throw notFound('File');
    return reply
      .header('content-type', file.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(file.data);
  });
  route(app, analyticsRoutes.track, async (ctx, { body }) =>
    ok(await users.trackEvent(ctx, body), 'Recorded', 201),
  );
}
