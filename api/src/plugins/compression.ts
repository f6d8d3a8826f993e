import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compressed API answers (issue 10): Brotli or gzip, whichever the client prefers, for answers
 * above 1 KB (smaller ones gain nothing). Brotli runs at quality 4, the plugin's recommended
 * per-request setting: most of the gain for a fraction of the CPU of the maximum.
 *
 * Registered in the API routes' own context, so it never touches the built console's files: those
 * are sent from the precompressed copies the build writes (plugins/frontends.ts).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
