// Prints the SQL statements one real request runs and what each costs when replayed alone.
// Usage: node --conditions=source --import tsx bench/catalogue/explain.ts <engine> <url>
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../../apps/server/src/app.js';
import {
  benchConfig,
  Capture,
  DATA_DIR,
  openBenchDatabase,
  ownerToken,
  type BenchInfo,
  type Engine,
} from './common.js';

const [engine, urlTemplate] = process.argv.slice(2) as [Engine, string];
const info = JSON.parse(readFileSync(path.join(DATA_DIR, `info-${engine}.json`), 'utf8')) as BenchInfo;
const capture = new Capture();
const database = openBenchDatabase(engine, 10, capture);
const app = await buildApp({
  config: benchConfig(),
  database,
  logger: false,
  serveWeb: false,
});
await app.ready();
const token = await ownerToken(app, info.ownerEmail);
const url = urlTemplate.replace('{storeId}', info.storeId).replace('{barcode}', info.barcode);
await app.inject({ method: 'GET', url, headers: { authorization: token } });
capture.active = [];
await app.inject({ method: 'GET', url, headers: { authorization: token } });
const queries = capture.active;
capture.active = null;
// DUMP=<file>: writes the statements and their parameters as JSON, to replay them elsewhere.
if (process.env.DUMP)
  (await import('node:fs')).writeFileSync(
    process.env.DUMP,
    JSON.stringify(queries.map((q) => [q.sql, q.parameters])),
  );
for (const q of process.env.ONLY_REQUEST ? [] : queries) {
  for (let i = 0; i < 200; i++) await database.db.executeQuery(q);
  const n = 2000;
  const t0 = performance.now();
  for (let i = 0; i < n; i++) await database.db.executeQuery(q);
  const us = ((performance.now() - t0) * 1000) / n;
  process.stdout.write(
    `${us.toFixed(0)} µs  ${q.sql}\n   params ${JSON.stringify(q.parameters).slice(0, 200)}\n`,
  );
}
const n = Number(process.env.N ?? 3000);
for (let i = 0; i < 300; i++) await app.inject({ method: 'GET', url, headers: { authorization: token } });
const inspector = await import('node:inspector/promises');
const session = new inspector.Session();
if (process.env.PROFILE) {
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
}
const cpu0 = process.cpuUsage();
const t0 = performance.now();
for (let i = 0; i < n; i++) await app.inject({ method: 'GET', url, headers: { authorization: token } });
const cpu = process.cpuUsage(cpu0);
process.stdout.write(
  `whole request through inject: ${(((performance.now() - t0) * 1000) / n).toFixed(0)} µs wall, ${((cpu.user + cpu.system) / n).toFixed(0)} µs CPU\n`,
);
if (process.env.PROFILE) {
  const { profile } = await session.post('Profiler.stop');
  (await import('node:fs')).writeFileSync(process.env.PROFILE, JSON.stringify(profile));
}
await app.close();
await database.destroy();
