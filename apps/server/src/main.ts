import { buildApp } from './app.js';
import { ConfigError, loadConfig, SANDBOX_IN_PRODUCTION } from './config.js';
import { openDatabase } from './db/connection.js';
import { migrateToLatest } from './db/migrate.js';
import { seedDemo } from './seed/demo.js';

const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  // The logger exists once the app is built; a checkpoint error before that has nowhere to go.
  const checkpointLog: { warn?: (message: string) => void } = {};
  const database = openDatabase(config.DATABASE_URL, {
    backgroundCheckpoint: true,
    pgClient: config.PG_CLIENT,
    onCheckpointError: (message) => checkpointLog.warn?.(message),
  });
  const applied = await migrateToLatest(database.db);
  const app = await buildApp({ config, database });
  checkpointLog.warn = (message) =>
    app.log.warn({ message }, 'WAL checkpoint failed; commits will checkpoint instead');
  if (applied.length) app.log.info({ migrations: applied }, 'migrations applied');
  if (config.NODE_ENV === 'production' && config.PAYMENT_PROVIDER === 'sandbox') {
    app.log.warn(SANDBOX_IN_PRODUCTION);
  }
  if (config.SEED_DEMO) {
    const seeded = await seedDemo(database.db, config, { onlyIfEmpty: true });
    if (seeded) app.log.info({ email: seeded.owner.email }, 'demo merchant created');
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long, exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    try {
      await app.close();
      await database.destroy();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const url = config.PUBLIC_URL ?? `http://localhost:${port}`;
  app.log.info({ database: database.describe }, 'database ready');
  process.stdout.write(
    `\n  Tillbook is running. Open ${url} in your browser.\n  Database: ${database.describe}\n\n`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Tillbook failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
