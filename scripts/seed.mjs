// `npm run seed`: builds the server when needed and creates the demo merchant.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entry = path.join(root, 'apps/server/dist/seed.js');
if (!existsSync(entry)) {
  for (const w of ['@tillbook/contract', '@tillbook/server']) {
    const r = spawnSync('npm', ['run', 'build', '-w', w], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
}
const r = spawnSync(process.execPath, [entry], { cwd: root, stdio: 'inherit', env: process.env });
process.exit(r.status ?? 1);
