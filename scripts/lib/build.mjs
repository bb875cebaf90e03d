// Builds the workspaces whose output is older than their sources (`npm start`, backup, restore).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function newest(dir) {
  let latest = 0;
  if (!existsSync(dir)) return latest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

export const BUILDS = {
  contract: { name: '@tillbook/contract', src: ['packages/contract/src'], out: 'packages/contract/dist' },
  server: {
    name: '@tillbook/server',
    src: ['apps/server/src', 'packages/contract/src'],
    out: 'apps/server/dist/main.js',
  },
  web: {
    name: '@tillbook/web',
    src: ['apps/web/src', 'apps/web/index.html', 'packages/contract/src'],
    out: 'apps/web/dist/index.html',
  },
};

/** Runs `npm run build` in each workspace whose output is missing or older than its sources; exits on failure. */
export function buildIfStale(builds) {
  for (const b of builds) {
    const out = path.join(root, b.out);
    const built = existsSync(out) ? statSync(out).mtimeMs : 0;
    const changed = Math.max(
      ...b.src.map((s) => {
        const p = path.join(root, s);
        return existsSync(p) && statSync(p).isFile() ? statSync(p).mtimeMs : newest(p);
      }),
    );
    if (built && built >= changed) continue;
    console.log(`Building ${b.name} ...`);
    const r = spawnSync('npm', ['run', 'build', '-w', b.name], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
}
