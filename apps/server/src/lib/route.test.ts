import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ok } from './reply.js';
import { route } from './route.js';

/** A Fastify app whose log lines are kept, to see what a request logged. */
function appWithLog() {
  const lines: Array<{ level: number; msg: string }> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = Fastify({ logger: { level: 'info', stream } });
  return { app, lines };
}

describe('route', () => {
  it('wraps data in the success envelope', async () => {
    const { app } = appWithLog();
    route(app, { method: 'GET', path: '/thing', access: 'public', summary: 'A thing' }, async () =>
      ok({ id: 'a' }, 'Found', 201),
    );
    const res = await app.inject({ method: 'GET', url: '/thing' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ success: true, message: 'Found', data: { id: 'a' } });
  });

  it('sends a file the handler sent itself, without logging an error afterwards', async () => {
    const { app, lines } = appWithLog();
    route(
      app,
      { method: 'GET', path: '/file.pdf', access: 'public', summary: 'A file' },
      async (_c, _i, _r, reply) =>
        reply.header('content-type', 'application/pdf').send(Buffer.from('%PDF-1.4 test')),
    );
    const res = await app.inject({ method: 'GET', url: '/file.pdf' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.body).toBe('%PDF-1.4 test');
    await app.close();
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
  });
});
