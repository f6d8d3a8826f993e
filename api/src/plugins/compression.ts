import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compressed API answers (issue 10): Brotli or gzip, whichever the client prefers, for answers
 * above 1 KB (smaller ones gain nothing). Brotli runs at quality 1: on list pages of 3–12 KB it costs
 * a quarter to a third of quality 4's CPU (52 against 215 µs for the approvals' default page) for
 * 8–15 % more bytes (2,575 against 2,233 for that page: under 2 ms on slow 4G). At quality 4 the
 * Brotli call was the largest single part of a list request's CPU (15–33 % in the profiles), and
 * quality 1 raised the default view from 533–583 to 766–777 req/s at a million approvals (the scale
 * bench, run alternately; docs/performance.md). Skipping compression for pages of a few KB would
 * save only the ~30 µs quality 1 costs and send 4–5 times the bytes. With a 256 KB
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
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 1, [zlib.BROTLI_PARAM_LGWIN]: 18 } },
  });
}
