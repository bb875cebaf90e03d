// What the sales figures cost the order path, measured alone: builds this checkout's HEAD a
// second time with one change (a sale writes no sales-figures change, so nothing is rolled up)
// and runs bench/orders/paired.mjs against it. Every other difference between two trees (features
// added to the order path since) cancels out, which a comparison with an older tree cannot do.
//
// Run: npm run build && node bench/orders/without-figures.mjs
// Env: those of paired.mjs (ENGINES, ROUNDS, DURATION, …); KEEP=1 leaves the second tree in place.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { root } from '../lib.mjs';

const say = (line) => process.stdout.write(`${line}\n`);
const dir = mkdtempSync(path.join(tmpdir(), 'tillbook-without-figures-'));
const tree = path.join(dir, 'tree');
const git = (...args) => execFileSync('git', ['-C', root, ...args], { stdio: 'pipe' });

git('worktree', 'add', '--detach', tree, 'HEAD');
try {
  // The packages are the same; the contract resolves to this checkout's build (same HEAD).
  symlinkSync(path.join(root, 'node_modules'), path.join(tree, 'node_modules'));
  const file = path.join(tree, 'apps/server/src/modules/reports/sales-figures.ts');
  const source = readFileSync(file, 'utf8');
  const head = /export function addPlacedOrder\([^)]*\): void \{\n/;
  if (!head.test(source)) throw new Error(`addPlacedOrder not found in ${file}: update this script`);
  writeFileSync(
    file,
    source.replace(head, (m) => `${m}  if (batch) return;\n`),
  );
  say(`building ${tree} (HEAD, sales without figure changes)`);
  const build = spawnSync('npx', ['tsc', '-p', 'tsconfig.build.json'], {
    cwd: path.join(tree, 'apps/server'),
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('the second tree did not build');
  const run = spawnSync(process.execPath, [path.join(root, 'bench/orders/paired.mjs'), tree], {
    stdio: 'inherit',
  });
  process.exitCode = run.status ?? 1;
} finally {
  if (process.env.KEEP === '1') say(`kept ${tree}`);
  else {
    git('worktree', 'remove', '--force', tree);
    rmSync(dir, { recursive: true, force: true });
  }
}
