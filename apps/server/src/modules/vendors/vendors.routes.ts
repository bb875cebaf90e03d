import { vendorsRoutes } from '@tillbook/contract/vendors';
import type { FastifyInstance } from 'fastify';
import { ok, paged } from '../../lib/reply.js';
import { sendCsv } from '../../lib/csv-export.js';
import { route } from '../../lib/route.js';
import { exportVendors } from './vendors.export.js';
import * as vendors from './vendors.service.js';

export function registerVendorsRoutes(app: FastifyInstance): void {
  route(app, vendorsRoutes.list, async (ctx, { query }) => paged(await vendors.listVendors(ctx, query)));
  route(app, vendorsRoutes.export, async (ctx, { query }, _request, reply) =>
    sendCsv(ctx, reply, 'vendors', await exportVendors(ctx, query)),
  );
  route(app, vendorsRoutes.create, async (ctx, { body }) =>
    ok(await vendors.createVendor(ctx, body), 'Vendor added', 201),
  );
  route(app, vendorsRoutes.update, async (ctx, { params, body }) =>
    ok(await vendors.updateVendor(ctx, params.id, body), 'Vendor updated'),
  );
  route(app, vendorsRoutes.get, async (ctx, { params }) => ok(await vendors.getVendor(ctx, params.id)));
  route(app, vendorsRoutes.addAddress, async (ctx, { params, body }) =>
    ok(await vendors.addVendorAddress(ctx, params.id, body), 'Address added', 201),
  );
  route(app, vendorsRoutes.updateAddress, async (ctx, { params, body }) =>
    ok(await vendors.updateVendorAddress(ctx, params.id, body), 'Address updated'),
  );
  route(app, vendorsRoutes.deleteAddress, async (ctx, { params }) =>
    ok(await vendors.deleteVendorAddress(ctx, params.id), 'Address deleted'),
  );
}
