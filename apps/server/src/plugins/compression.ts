import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Compresses the API's answers of a compressible type (JSON, the CSV exports; not PDFs or
 * images, which are compressed already) of 1 KB or more, for clients that accept brotli or
 * gzip: a product list page shrinks about tenfold, which a phone on a slow network feels.
 * Streams (CSV exports) are compressed as they stream. Register it in the API's scope: the web
 * app's files are compressed at build time (static-web.ts). Request bodies are not
 * decompressed (`globalDecompression: false`), so the body limit keeps meaning the bytes a
 * client may send.
 */
export async function registerCompression(api: FastifyInstance): Promise<void> {
  await api.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    // Fast levels: answers are compressed on every request. On a 9 KB product list page,
    // brotli 2 took a third of the CPU of brotli 4 (the plugin's default) for 608 bytes
    // instead of 565, and less than gzip 1 (779 bytes); gzip is for clients without brotli.
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 2 } },
    zlibOptions: { level: 1 },
  });
}
