import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { migrationsPending } from '../../db/migrate.js';

/** Liveness and readiness, outside `/api/v1` and without authentication, for load balancers. */
export function registerSystemRoutes(app: FastifyInstance, db: Kysely<Database>): void {
  let migrated = false;
  app.get('/health', async () => ({ status: 'ok' }));
  app.get('/ready', async (_request, reply) => {
    try {
      await sql`select 1`.execute(db);
      if (!migrated) migrated = !(await migrationsPending(db));
      if (!migrated) return reply.code(503).send({ status: 'migrations pending' });
      return { status: 'ready' };
    } catch (error) {
      app.log.warn({ err: error }, 'readiness check failed');
      return reply.code(503).send({ status: 'database unavailable' });
    }
  });
}
