// What PostgreSQL's client backends are doing during an orders benchmark: samples
// pg_stat_activity every 5 ms and prints, per window, the average number of backends in each
// state (waiting for a lock, idle in a transaction while the client works, running), with the
// statement they are on. Used for decision 0014.
//
// Run beside the benchmark, from another shell or in the background:
//   (ENGINES=postgres DURATION=20 npm run bench:orders &) ; node bench/orders/pg-waits.mjs 90 10
// Arguments: seconds to sample (default 60), window in seconds (default 10).
// Env: BENCH_PG_URL (postgres://postgres@127.0.0.1:5432/test). The sampling costs some CPU: the
// benchmark's figures in the same run are a little lower.
import pg from 'pg';

const seconds = Number(process.argv[2] ?? 60);
const windowSeconds = Number(process.argv[3] ?? 10);
const client = new pg.Client({
  connectionString: process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
});
await client.connect();

const started = Date.now();
let counts = new Map();
let samples = 0;
let windowStart = started;

function flush() {
  if (!samples) return;
  console.log(`--- ${((windowStart - started) / 1000).toFixed(0)} s, ${samples} samples`);
  for (const [state, n] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, 8)) {
    console.log(`${(n / samples).toFixed(2).padStart(6)}  ${state}`);
  }
  counts = new Map();
  samples = 0;
  windowStart = Date.now();
}

while (Date.now() - started < seconds * 1000) {
  const { rows } = await client.query(
    `select datname, state, coalesce(wait_event_type, '-') as type, coalesce(wait_event, '-') as event,
            left(regexp_replace(query, '\\s+', ' ', 'g'), 48) as statement
       from pg_stat_activity
      where backend_type = 'client backend' and pid <> pg_backend_pid() and datname like 'tillbook_bench_%'`,
  );
  for (const r of rows) {
    // The statement of an idle backend is its last one: not what it waits for.
    const busy = r.state === 'active';
    const key = `${r.state} | ${r.type}:${r.event}${busy ? ` | ${r.statement}` : ''}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  samples++;
  if (Date.now() - windowStart >= windowSeconds * 1000) flush();
  await new Promise((resolve) => setTimeout(resolve, 5));
}
flush();
await client.end();
