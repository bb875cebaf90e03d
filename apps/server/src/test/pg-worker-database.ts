// Vitest setup file (vitest.config.ts): on PostgreSQL each worker of the run works in a database
// of its own, so two test files run side by side (decision 0061).
//
// Kysely's migrator lists the tables of every schema of its database (has_schema_privilege on
// each name it read), and fails with `schema "t_…" does not exist` when another file drops its
// schema during that read. A database per worker holds only the schemas of the one file it runs
// at a time, so no file ever drops a schema another is reading.
//
// TEST_DATABASE_URL names the server and the base database; worker N (VITEST_POOL_ID) gets
// `<base>_w<N>` on the same server, made from template1 if missing and kept for the next run.
// On a Citus coordinator (the base database has the `citus` extension) the worker database is
// made a Citus database like the base: the same database on each worker node, the extension in
// each, the same nodes registered and the same shard count. Else it would run the suite without
// Citus and prove nothing.
import pg from 'pg';

const base = process.env.TEST_DATABASE_URL;
const pool = process.env.VITEST_POOL_ID;

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function databaseUrl(from: string, name: string, host?: string, port?: number): string {
  const url = new URL(from);
  url.pathname = `/${name}`;
  if (host) url.hostname = host;
  if (port) url.port = String(port);
  return url.toString();
}

/** Creates the database unless it is there; false when it was there already. */
async function createDatabase(client: pg.Client, name: string): Promise<boolean> {
  const { rows } = await client.query('select 1 from pg_database where datname = $1', [name]);
  if (rows.length) return false;
  try {
    await client.query(`create database ${name}`);
    return true;
  } catch (error) {
    // Another run made it meanwhile.
    const code = (error as { code?: string }).code;
    if (code === '42P04' || code === '23505') return false;
    throw error;
  }
}

interface CitusNode {
  host: string;
  port: number;
  coordinator: boolean;
}

/** The base database's Citus nodes and shard count, or null when it has no Citus. */
async function citusOf(client: pg.Client): Promise<{ nodes: CitusNode[]; shardCount: string } | null> {
  const { rows } = await client.query<{ citus: boolean }>(
    `select exists (select 1 from pg_extension where extname = 'citus') as citus`,
  );
  if (!rows[0]!.citus) return null;
  const nodes = await client.query<{ nodename: string; nodeport: number; groupid: number }>(
    'select nodename, nodeport, groupid from pg_dist_node where isactive order by groupid',
  );
  const shards = await client.query<{ n: string }>(`select current_setting('citus.shard_count') as n`);
  return {
    nodes: nodes.rows.map((n) => ({ host: n.nodename, port: n.nodeport, coordinator: n.groupid === 0 })),
    shardCount: shards.rows[0]!.n,
  };
}

async function makeCitusDatabase(name: string, citus: { nodes: CitusNode[]; shardCount: string }) {
  const workers = citus.nodes.filter((n) => !n.coordinator);
  const coordinator = citus.nodes.find((n) => n.coordinator);
  for (const node of workers) {
    await withClient(databaseUrl(base!, 'postgres', node.host, node.port), (c) => createDatabase(c, name));
    await withClient(databaseUrl(base!, name, node.host, node.port), (c) =>
      c.query('create extension if not exists citus'),
    );
  }
  await withClient(databaseUrl(base!, name), async (c) => {
    await c.query('create extension if not exists citus');
    if (coordinator)
      await c.query('select citus_set_coordinator_host($1, $2)', [coordinator.host, coordinator.port]);
    for (const node of workers) {
      const { rows } = await c.query('select 1 from pg_dist_node where nodename = $1 and nodeport = $2', [
        node.host,
        node.port,
      ]);
      if (!rows.length) await c.query('select citus_add_node($1, $2)', [node.host, node.port]);
    }
    await c.query(`alter database ${name} set citus.shard_count = ${Number(citus.shardCount)}`);
  });
}

if (base?.startsWith('postgres') && pool && !process.env.TILLBOOK_TEST_BASE_DATABASE_URL) {
  const name = `${decodeURIComponent(new URL(base).pathname.slice(1)) || 'postgres'}_w${pool}`;
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`test database name ${name} is not plain`);
  await withClient(base, async (client) => {
    // One worker at a time sets up (on a new Citus cluster, two at once once failed a file);
    // the lock ends with the session.
    await client.query('select pg_advisory_lock(4300431)');
    const citus = await citusOf(client);
    await createDatabase(client, name);
    // Each step is skipped when done, so a set-up stopped half-way is finished by the next run.
    if (citus) await makeCitusDatabase(name, citus);
  });
  process.env.TILLBOOK_TEST_BASE_DATABASE_URL = base;
  process.env.TEST_DATABASE_URL = databaseUrl(base, name);
}
