// `npm run bench:catalogue`: the catalogue benchmark on SQLite and PostgreSQL.
// Options: --engines=sqlite,postgres  --fresh (rebuild the data)  --seconds=8  --port=3390
//          --only=<text> (only the runs whose name contains it; prints, writes no report)
// Env: PG_CLIENT=postgres.js runs the server on postgres.js instead of pg (decision 0014).
// The server runs pinned to core 0 and the load generator to core 1 (taskset).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import {
  DATA_DIR,
  multipart,
  OWNER_PASSWORD,
  PG_SCHEMA,
  PG_URL,
  ROOT,
  type BenchInfo,
  type Engine,
} from './common.js';
import { generate, productCsv } from './generate.js';
import type { LoadResult } from './load.js';

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k!, v ?? 'true'];
  }),
);
const engines = (args.engines ?? 'sqlite,postgres').split(',') as Engine[];
const seconds = Number(args.seconds ?? 8);
const port = Number(args.port ?? 3390);
const connections = Number(args.connections ?? 16);

const TSX = ['--conditions=source', '--import', 'tsx'];

async function hasData(engine: Engine): Promise<boolean> {
  if (args.fresh === 'true' || !existsSync(path.join(DATA_DIR, `info-${engine}.json`))) return false;
  if (engine === 'sqlite') return existsSync(path.join(DATA_DIR, 'catalogue.db'));
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    const r = await client.query(`select count(*)::int as n from ${PG_SCHEMA}.products`);
    return r.rows[0].n > 0;
  } catch {
    return false;
  } finally {
    await client.end();
  }
}

function startServer(engine: Engine, scenarios: Record<string, string>) {
  const child = spawn(
    'taskset',
    [
      '-c',
      '0',
      process.execPath,
      // BENCH_NODE_ARGS: node flags for the server, e.g. --cpu-prof or --max-semi-space-size=64.
      ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean),
      // The compiled server, as `npm start` runs it (see BENCH_SERVER_BUILD in common.ts).
      '--import',
      'tsx',
      process.env.BENCH_SERVER_FILE ?? 'bench/catalogue/server.ts',
      engine,
      String(port),
      JSON.stringify(scenarios),
    ],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, BENCH_SERVER_BUILD: '1' },
    },
  );
  return new Promise<{
    child: ChildProcess;
    ready: { token: string; statements: Record<string, number>; samples: Record<string, unknown> };
  }>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      // BENCH_SERVER_LOG: a file to keep the server's output in (e.g. with --trace-gc).
      if (process.env.BENCH_SERVER_LOG) appendFileSync(process.env.BENCH_SERVER_LOG, chunk);
      out += chunk.toString();
      const line = out.split('\n').find((l) => l.startsWith('READY '));
      if (line) resolve({ child, ready: JSON.parse(line.slice(6)) });
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
}

function runLoad(config: object): Promise<LoadResult[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'taskset',
      [
        '-c',
        '1',
        process.execPath,
        // BENCH_LOAD_NODE_ARGS: node flags for the load generator.
        ...(process.env.BENCH_LOAD_NODE_ARGS ?? '').split(' ').filter(Boolean),
        ...TSX,
        'bench/catalogue/load.ts',
        JSON.stringify(config),
      ],
      {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.on('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('RESULT '));
      if (code === 0 && line) resolve(JSON.parse(line.slice(7)));
      else reject(new Error(`load exited with ${code}: ${out}`));
    });
  });
}

function request(method: string, urlPath: string, body: Buffer | string, headers: Record<string, string>) {
  return new Promise<{ status: number; body: any }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: urlPath, method, headers }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Times the upload of a fresh 10,000-row product CSV to the running server (into a second store). */
async function timeImport(info: BenchInfo) {
  const signIn = await request(
    'POST',
    '/api/v1/user/signin',
    JSON.stringify({ email: info.importEmail, password: OWNER_PASSWORD }),
    {
      'content-type': 'application/json',
    },
  );
  const token = signIn.body.data.userToken as string;
  const csv = productCsv(0, 10_000, `IMP${Date.now().toString(36).toUpperCase()}`).replace(
    /\b29(\d{11})\b/g,
    (m) => m,
  );
  // Different barcodes from earlier runs: the generated EAN-13s are replaced by fresh ones.
  const fresh = csv
    .split('\n')
    .map((line, i) => (i === 0 || !line ? line : line.replace(/,29\d{11},/, ',,')))
    .join('\n');
  const { payload, headers } = multipart(fresh, 'products-10k.csv');
  const t0 = performance.now();
  const res = await request('POST', '/api/v1/product/upload', payload, { ...headers, authorization: token });
  const secondsTaken = (performance.now() - t0) / 1000;
  if (res.status !== 200) throw new Error(`import failed: ${JSON.stringify(res.body).slice(0, 300)}`);
  return { seconds: secondsTaken, message: res.body.message as string };
}

interface EngineResult {
  engine: Engine;
  info: BenchInfo;
  statements: Record<string, number>;
  samples: Record<string, unknown>;
  results: LoadResult[];
  importSeconds: number;
  importMessage: string;
}

async function benchEngine(engine: Engine): Promise<EngineResult> {
  let info: BenchInfo;
  if (await hasData(engine)) {
    info = JSON.parse(readFileSync(path.join(DATA_DIR, `info-${engine}.json`), 'utf8'));
    console.log(
      `${engine}: using the data generated earlier (${info.products} products, ${info.customers} customers)`,
    );
  } else {
    console.log(`${engine}: generating ${engine} data through the import endpoints ...`);
    info = await generate(engine);
    console.log(`${engine}: generated in ${info.generateSeconds.toFixed(0)} s`);
  }
  if (engine === 'postgres') {
    // What autovacuum does after the previous run's import: statistics and visibility map.
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    await client.query(`set search_path = ${PG_SCHEMA}`);
    await client.query('vacuum analyze');
    await client.end();
  }
  const q = `storeId=${info.storeId}`;
  const scenarios: Record<string, string> = {
    'list page 1': `/api/v1/product/paginated/results/?page=1&perPage=10&${q}`,
    'list page 1000': `/api/v1/product/paginated/results/?page=1000&perPage=10&${q}`,
    'search "indomie hungry"': `/api/v1/product/search/?name=indomie%20hungry&${q}`,
    'search "milk"': `/api/v1/product/search/?name=milk&${q}`,
    'barcode lookup': `/api/v1/product/search-barcode/?barcode=${info.barcode}&${q}`,
    // Issue 33: a page of products with 4 sizes × 2 packs beside a page of plain ones (both a
    // category's first page), and the scan of a size's and of a carton's barcode.
    'category page, plain products': `/api/v1/product/paginated/results/?page=1&perPage=10&categoryId=${info.plainCategoryId}&${q}`,
    'category page, 4 sizes × 2 packs': `/api/v1/product/paginated/results/?page=1&perPage=10&categoryId=${info.variantCategoryId}&${q}`,
    'barcode lookup of a size': `/api/v1/product/search-barcode/?barcode=${info.variantBarcode}&${q}`,
    'barcode lookup of a carton': `/api/v1/product/search-barcode/?barcode=${info.packBarcode}&${q}`,
  };
  const rates: Record<string, number> = {
    'list page 1': 3000,
    'list page 1000': 3000,
    'search "indomie hungry"': 100,
    'search "milk"': 100,
    'barcode lookup': 3000,
    'category page, plain products': 3000,
    'category page, 4 sizes × 2 packs': 3000,
    'barcode lookup of a size': 3000,
    'barcode lookup of a carton': 3000,
  };
  const { child, ready } = await startServer(engine, scenarios);
  try {
    console.log(`${engine}: SQL statements per request ${JSON.stringify(ready.statements)}`);
    const runs = [
      { name: 'no SQL (calibration)', path: '/bare-hello', rate: 3000 },
      ...Object.entries(scenarios).flatMap(([name, url], i) => [
        { name, path: url, rate: rates[name]! },
        {
          name: `${name} (bare)`,
          path: `/bare/${encodeURIComponent(Object.keys(scenarios)[i]!)}`,
          rate: rates[name]!,
        },
      ]),
    ];
    // --only=<text>: just the runs whose name contains it (no import), to iterate on one call.
    const only = args.only;
    const results = await runLoad({
      port,
      token: ready.token,
      seconds,
      connections,
      runs: only ? runs.filter((r) => r.name.includes(only)) : runs,
    });
    if (only) {
      for (const r of results) {
        process.stdout.write(
          `  ${r.name}: ${Math.round(r.throughput)} req/s (${Math.round(r.cpuMicrosPerRequest)} µs CPU each); at ${r.rate}/s p50 ${r.p50.toFixed(2)} ms p99 ${r.p99.toFixed(2)} ms max ${r.max.toFixed(1)} ms; ${Math.round(r.latencyCpuMicrosPerRequest)} µs CPU each; longest stall: server ${r.serverStall.toFixed(0)} ms, load generator ${r.generatorStall.toFixed(0)} ms\n`,
        );
      }
      child.kill('SIGTERM');
      process.exit(0);
    }
    const imported = await timeImport(info);
    console.log(
      `${engine}: 10,000-row product CSV imported in ${imported.seconds.toFixed(2)} s (${imported.message})`,
    );
    return {
      engine,
      info,
      statements: ready.statements,
      samples: ready.samples,
      results,
      importSeconds: imported.seconds,
      importMessage: imported.message,
    };
  } finally {
    child.kill('SIGTERM');
  }
}

function table(r: EngineResult): string {
  const lines = [
    `### ${r.engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'}`,
    '',
    `${r.info.products.toLocaleString('en')} products, ${(r.info.variantProducts ?? 0).toLocaleString('en')} more with 4 sizes × 2 packs, and ${r.info.customers.toLocaleString('en')} customers in one store. ` +
      `Throughput: autocannon, ${connections} connections, ${seconds} s. Latency: fixed arrival rate for ${seconds} s, from each request's scheduled time.`,
    '',
    '| call | SQL statements | req/s | bare req/s | ratio | CPU µs/req | bare CPU µs/req | CPU ratio | rate (goal) | p50 ms | p99 ms | bare p50 ms | bare p99 ms |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  const hello = r.results.find((x) => x.name === 'no SQL (calibration)');
  if (hello) {
    lines.push(
      `| calibration: bare route, no SQL | 0 | ${Math.round(hello.throughput)} | | | ${Math.round(hello.cpuMicrosPerRequest)} | | | ${hello.rate}/s (${hello.goalRate}/s) | ${hello.p50.toFixed(2)} | ${hello.p99.toFixed(2)} | | |`,
    );
  }
  for (const [name, statements] of Object.entries(r.statements)) {
    const real = r.results.find((x) => x.name === name)!;
    const bare = r.results.find((x) => x.name === `${name} (bare)`)!;
    lines.push(
      `| ${name} | ${statements} | ${Math.round(real.throughput)} | ${Math.round(bare.throughput)} | ${(real.throughput / bare.throughput).toFixed(2)} | ${Math.round(real.cpuMicrosPerRequest)} | ${Math.round(bare.cpuMicrosPerRequest)} | ${(bare.cpuMicrosPerRequest / real.cpuMicrosPerRequest).toFixed(2)} | ${real.rate}/s (${real.goalRate}/s) | ${real.p50.toFixed(2)} | ${real.p99.toFixed(2)} | ${bare.p50.toFixed(2)} | ${bare.p99.toFixed(2)} |`,
    );
  }
  lines.push(
    '',
    `Import of a 10,000-row product CSV over HTTP: ${r.importSeconds.toFixed(2)} s (${r.importMessage})`,
    '',
  );
  return lines.join('\n');
}

const all: EngineResult[] = [];
// The server under load runs the build, so it is brought up to date first.
execFileSync('npm', ['run', 'build', '-w', '@tillbook/contract', '-w', '@tillbook/server'], {
  cwd: ROOT,
  stdio: ['ignore', 'ignore', 'inherit'],
});
for (const engine of engines) all.push(await benchEngine(engine));
const report = [
  `# Catalogue benchmark`,
  '',
  `Run ${new Date().toISOString()} on ${(await import('node:os')).cpus()[0]?.model ?? 'unknown CPU'}.`,
  '',
  ...all.map(table),
].join('\n');
writeFileSync(path.join(DATA_DIR, 'results.md'), report + '\n');
writeFileSync(path.join(DATA_DIR, 'results.json'), JSON.stringify(all, null, 2));
console.log(`\n${report}\nWritten to bench/.data/results.md`);
