import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { pingDatabase } from '../../db/connection.js';
import type { Database } from '../../db/schema.js';
import { describeEngine, type EngineInfo } from '../../db/distribution.js';
import { migrationsPending } from '../../db/migrate.js';

/** Liveness and readiness, outside `/api/v1` and without authentication, for load balancers. */
export function registerSystemRoutes(app: FastifyInstance, db: Kysely<Database>): void {
  let migrated = false;
  let engine: { info: EngineInfo; at: number } | undefined;
  app.get('/health', async () => ({ status: 'ok' }));
  app.get('/ready', async (_request, reply) => {
    try {
      await pingDatabase(db);
      if (!migrated) migrated = !(await migrationsPending(db));
      if (!migrated) return reply.code(503).send({ status: 'migrations pending' });
      // Read at most once a minute (load balancers ask every few seconds). On Citus a table left
      // undistributed makes the process not ready, as a pending migration does.
      if (!engine || Date.now() - engine.at > 60_000)
        engine = { info: await describeEngine(db), at: Date.now() };
      const info = engine.info;
      if (info.engine === 'citus' && info.localTables.length)
        return reply.code(503).send({ status: 'tables not distributed', engine: info });
      return { status: 'ready', engine: info };
    } catch (error) {
      app.log.warn({ err: error }, 'readiness check failed');
      return reply.code(503).send({ status: 'database unavailable' });
    }
  });
}
