import cors from '@fastify/cors';
import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config.js';

/**
 * The session token lives in the browser's storage (the spec's choice), so an injected script
 * could read it: every response carries a strict Content-Security-Policy with no inline or
 * foreign scripts. Inline styles are allowed because Mantine sets CSS variables through style
 * attributes; styles cannot read storage.
 */
export async function registerSecurity(app: FastifyInstance, config: AppConfig): Promise<void> {
  // Built once: @fastify/helmet rebuilds (and re-parses) this on every request.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // 'wasm-unsafe-eval' lets the till's camera scanner compile its WebAssembly (ZXing, from
        // this app's own files, on phones without a BarcodeDetector); it allows no JavaScript eval.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.PUBLIC_URL?.startsWith('https://') ? { maxAge: 15552000 } : false,
  });
  // The headers are the same for every response: they are captured once and set as one object,
  // instead of 12 middlewares each calling setHeader on every request.
  const headers = captureHeaders(securityHeaders);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  // Same origin only unless origins are configured: the CORS hook would only ever say no.
  if (!config.CORS_ORIGINS.length) return;
  await app.register(cors, {
    origin: config.CORS_ORIGINS,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key'],
    exposedHeaders: ['x-request-id', 'retry-after'],
    maxAge: 600,
  });
}

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

/** Runs a header-setting middleware once against a stand-in response and returns what it set. */
export function captureHeaders(middleware: Middleware): Record<string, string> {
  const headers = new Map<string, string>();
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value));
      return response;
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
    getHeader: (name: string) => headers.get(name.toLowerCase()),
  };
  let failure: unknown;
  middleware(
    { headers: {}, method: 'GET', url: '/' } as IncomingMessage,
    response as unknown as ServerResponse,
    (e) => {
      failure = e;
    },
  );
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return Object.fromEntries(headers);
}
