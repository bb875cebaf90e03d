import { spawn } from 'node:child_process';
import pg from 'pg';
import { OpsError } from './archive.js';

/**
 * The URL without its password, and the password for libpq's PGPASSWORD: a password in the
 * arguments of pg_dump would show in the process list of the machine.
 */
function forTool(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (u.password) {
    env.PGPASSWORD = decodeURIComponent(u.password);
    u.password = '';
  }
  return { url: u.toString(), env };
}

/** Runs a PostgreSQL client program; a missing program or a failure is an OpsError with its own words. */
function runTool(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      // The end of the output says what went wrong; keep a bounded tail of it.
      stderr = (stderr + chunk).slice(-4000);
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new OpsError(
              `${command} was not found. Install the PostgreSQL client programs (the same major version as the server or newer), e.g. "apt-get install postgresql-client", and run this again.`,
            )
          : error,
      );
    });
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new OpsError(`${command} failed (exit code ${code}):\n${stderr.trim()}`));
    });
  });
}

/**
 * A consistent copy of the whole database in pg_dump's custom format: pg_dump reads everything
 * in one transaction, so sales committed while it runs are either wholly in it or not at all.
 */
export async function pgDump(databaseUrl: string, file: string): Promise<void> {
  const { url, env } = forTool(databaseUrl);
  await runTool(
    'pg_dump',
    ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${url}`],
    env,
  );
  // Reads the dump's table of contents back: a damaged file fails here, not at restore time.
  await runTool('pg_restore', ['--list', file], env);
}

/** Loads a dump into an empty database in one transaction: on failure nothing is left behind. */
export async function pgRestore(databaseUrl: string, file: string): Promise<void> {
  const { url, env } = forTool(databaseUrl);
  await runTool(
    'pg_restore',
    ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${url}`, file],
    env,
  );
}

export async function withPostgres<T>(
  databaseUrl: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
  } catch (error) {
    throw new OpsError(`Cannot connect to the database: ${(error as Error).message}`);
  }
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Tables, views and sequences outside PostgreSQL's own schemas: none in an empty database. */
export async function userRelations(client: pg.Client): Promise<number> {
  // int4, which pg reads as a number (this client is not the app's: its int8 would be text).
  const { rows } = await client.query<{ n: number }>(
    `select count(*)::int4 as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
       and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'`,
  );
  return rows[0]!.n;
}

/** The migrations applied to the database the connection works in, in order. */
export async function postgresMigrations(client: pg.Client): Promise<string[]> {
  const found = await client.query(`select to_regclass('kysely_migration') as t`);
  if (!found.rows[0].t) {
    throw new OpsError(
      'The database has no Tillbook tables: start Tillbook on it once before backing it up.',
    );
  }
  const { rows } = await client.query<{ name: string }>('select name from kysely_migration order by name');
  return rows.map((r) => r.name);
}
