import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compressed API answers: Brotli or gzip, whichever the client prefers, for answers above 1 KB
 * (smaller ones gain nothing). Brotli runs at quality 1: on list pages of a few KB it costs a fraction
 * of quality 4's CPU for slightly more bytes, and at quality 4 the Brotli call was the largest single
 * part of a list request's CPU (docs/performance.md has the measurements). Skipping compression for
 * pages of a few KB would save little CPU and send several times the bytes. The window is 256 KB
 * (lgwin 18) instead of 4 MB: API answers are far smaller, and each compressor allocates its window.
 * Answers up to 64 KB (every list page) are compressed in one synchronous call instead of a stream
 * through the thread pool (the plugin's default cut-off on two cores is 8 KB): for a few KB the
 * stream's set-up costs more CPU than the compression.
 *
 * Registered in the API routes' own context, so it never touches the built console's files: those
 * are sent from the precompressed copies the build writes (plugins/frontends.ts).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    syncThreshold: 65536,
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 1, [zlib.BROTLI_PARAM_LGWIN]: 18 } },
  });
}
