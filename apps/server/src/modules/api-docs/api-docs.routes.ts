import { apiDocsRoutes, apiRouteTables } from '@tillbook/contract/api';
import { buildOpenApiDocument } from '@tillbook/contract/openapi';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.js';

/**
 * The OpenAPI 3.1 document of `/api/v1`, generated from the contract's route tables
 * (decision 0028). Built on the first request and kept: the tables do not change while the
 * process runs, and the document is about 170 KB of JSON.
 */
export function registerApiDocsRoutes(app: FastifyInstance): void {
  let document: string | undefined;
  route(app, apiDocsRoutes.openapi, async (_ctx, _input, _request, reply) => {
    document ??= JSON.stringify(
      buildOpenApiDocument(apiRouteTables, {
        title: 'Tillbook API',
        // The API's version, as its path says (/api/v1).
        version: '1',
        description:
          'The back office API of Tillbook. Every answer is an envelope: `success`, `message` and `data` (with `pagination` for lists); errors carry `error.code`, `error.message` and, for invalid fields, `error.fields`.',
      }),
    );
    // The document is the same for everyone and holds no merchant's data.
    return reply.header('cache-control', 'public, max-age=300').type('application/json').send(document);
  });
}
