// `npm run backup`: builds the server when out of date and runs apps/server/src/ops/backup-cli.ts
// (see README, "Backup and restore").
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { BUILDS, buildIfStale, root } from './lib/build.mjs';

buildIfStale([BUILDS.contract, BUILDS.server]);
const r = spawnSync(
  process.execPath,
  [path.join(root, 'apps/server/dist/ops/backup-cli.js'), ...process.argv.slice(2)],
  { stdio: 'inherit', env: process.env },
);
process.exit(r.status ?? 1);
