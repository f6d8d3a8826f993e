import type { FastifyInstance } from 'fastify';

const ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS';
const DEFAULT_ALLOWED_HEADERS = 'Authorization, Content-Type, X-Environment';

/**
 * CORS for the origins in CORS_ORIGINS only (none by default: production serves the console from
 * the API's own origin; `pnpm dev` lists its dev servers on localhost:3000-3004). A small hook
 * instead of @fastify/cors: the policy is an exact allow-list.
 */
export function registerCors(app: FastifyInstance, allowedOrigins: readonly string[]): void {
  const allowed = new Set(allowedOrigins);
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (!origin || !allowed.has(origin)) return undefined;
    reply.header('Access-Control-Allow-Origin', origin);
    reply.header('Access-Control-Allow-Credentials', 'true');
    // The console's conditional reads need the answer's version.
    reply.header('Access-Control-Expose-Headers', 'ETag');
    reply.header('Vary', 'Origin');
    const requestedMethod = request.headers['access-control-request-method'];
    if (request.method === 'OPTIONS' && requestedMethod) {
      const requestedHeaders = request.headers['access-control-request-headers'];
      reply.header('Access-Control-Allow-Methods', ALLOWED_METHODS);
      reply.header('Access-Control-Allow-Headers', requestedHeaders ?? DEFAULT_ALLOWED_HEADERS);
      reply.header('Access-Control-Max-Age', '600');
      return reply.code(204).send();
    }
    return undefined;
  });
}
