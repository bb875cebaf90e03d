// `npm start`: builds what is out of date, then runs the server (API and web app on one port).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { BUILDS, buildIfStale, root } from './lib/build.mjs';

buildIfStale([BUILDS.contract, BUILDS.server, BUILDS.web]);

const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
