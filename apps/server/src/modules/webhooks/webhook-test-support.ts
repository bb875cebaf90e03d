import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import type { Deps } from '../../lib/context.js';
import { createSecretBox } from '../../lib/crypto.js';
import type { TestApp } from '../../test/harness.js';
import { deliverDueWebhooks } from './webhook-delivery.js';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A webhook receiver on 127.0.0.1 for the tests: it keeps what arrives and answers with `status`
 * (200 by default). `hold()` makes it keep requests open until `release()`; `down()` closes the
 * port (connections are refused) and `up()` opens the same port again.
 */
export async function startReceiver() {
  const received: Received[] = [];
  let status = 200;
  let holding = false;
  const held: ServerResponse[] = [];
  let server: Server;
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
          if (holding) {
            held.push(res);
            return;
          }
          res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'not now');
        });
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
    });
  const port = await listen(0);
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    answer(code: number) {
      status = code;
    },
    hold() {
      holding = true;
    },
    release() {
      holding = false;
      for (const res of held.splice(0)) res.writeHead(200).end('ok');
    },
    get waiting() {
      return held.length;
    },
    down: close,
    async up() {
      await listen(port);
    },
    close,
  };
}

/** The worker's dependencies as the app has them (same database, clock and key). */
export function workerDeps(t: TestApp): Deps {
  return {
    config: t.config,
    clock: t.clock,
    engine: t.database.engine,
    log: pino({ level: 'silent' }),
    secrets: createSecretBox(t.config.APP_SECRET),
  } as unknown as Deps;
}

/** One round of the delivery worker, as the app's timer runs it (on the app's checked database). */
export const deliverNow = (t: TestApp) => deliverDueWebhooks(t.database.db, workerDeps(t));
