import { developersRoutes } from '@tillbook/contract/developers';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/reply.js';
import { route } from '../../lib/route.js';
import * as keys from './keys.service.js';
import { getUsage } from './usage.service.js';

export function registerDevelopersRoutes(app: FastifyInstance): void {
  route(app, developersRoutes.generateKeys, async (ctx, { query }) => {
    const { key, created } = await keys.generateKey(ctx, query);
    return ok(
      key,
      created && key.type === 'secret'
        ? 'Secret key created. Copy it now: it is shown in full only this once (reveal it later with your password).'
        : 'OK',
    );
  });
  route(app, developersRoutes.keys, async (ctx) => ok(await keys.listKeys(ctx)));
  route(app, developersRoutes.roll, async (ctx, { params, body }) =>
    ok(await keys.rollKey(ctx, params.id, body), 'Key rolled'),
  );
  route(app, developersRoutes.reveal, async (ctx, { params, body }) =>
    ok(await keys.revealKey(ctx, params.id, body)),
  );
  route(app, developersRoutes.setScope, async (ctx, { params, body }) =>
    ok(await keys.setKeyScope(ctx, params.id, body), 'Saved!!'),
  );
  route(app, developersRoutes.usage, async (ctx) => ok(await getUsage(ctx)));
  route(app, developersRoutes.resetSandbox, async (ctx) => ok(await keys.resetSandbox(ctx), 'Sandbox reset'));
}
