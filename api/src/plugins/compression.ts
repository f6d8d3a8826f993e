import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compressed API answers (issue 10): Brotli or gzip, whichever the client prefers, for answers
 * above 1 KB (smaller ones gain nothing). Brotli runs at quality 4, the plugin's recommended
 * per-request setting: most of the gain for a fraction of the CPU of the maximum, with a 256 KB
 * window (lgwin 18) instead of 4 MB: API answers are far smaller, and each compressor allocates its
 * window. Answers up to 64 KB (every list page) are compressed in one synchronous call instead of a
 * stream through the thread pool (the plugin's default cut-off on two cores is 8 KB): for a few KB
 * that costs less CPU than the stream's set-up, which showed as 11 % of the API's samples under a
 * company list load (issue 11).
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
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4, [zlib.BROTLI_PARAM_LGWIN]: 18 } },
  });
}
