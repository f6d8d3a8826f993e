import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { THEME_BOOT_SCRIPT } from 'shared-contracts';
import type { AppConfig } from '../config';

/**
 * The one inline script the console's pages carry (the colour theme, applied before the first paint),
 * allowed by its SHA-256 and nothing else inline: a changed or injected script does not run.
 */
export const THEME_SCRIPT_HASH = `'sha256-${createHash('sha256').update(THEME_BOOT_SCRIPT).digest('base64')}'`;

/** One year, as HSTS preload lists expect. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Security headers on every answer (HTML, assets, API) from helmet, the maintained library that
 * @fastify/helmet wraps (computed once, see below):
 * - Content-Security-Policy: scripts only from this origin (and REMOTE_ORIGINS, where remotes
 *   built elsewhere are served from) and the theme script by its hash: no other inline and no eval'd
 *   script. Styles allow 'unsafe-inline'
 *   because Chakra UI's Emotion injects <style> elements at run time; a nonce cannot reach them
 *   since the HTML is static, prebuilt files. `frame-ancestors 'none'` (plus X-Frame-Options for
 *   old browsers): the console is never framed.
 * - Strict-Transport-Security only when the request came over HTTPS (directly, or per
 *   X-Forwarded-Proto from a proxy trusted through TRUST_PROXY): sent over plain HTTP it would pin
 *   a local `http://localhost` demo to HTTPS.
 * - Referrer-Policy no-referrer, X-Content-Type-Options nosniff, Cross-Origin-Opener-Policy
 *   same-origin; Cross-Origin-Resource-Policy same-origin except for the remotes' files, which
 *   hosts on other origins may load.
 * API answers are also never cached (the API reference's static assets revalidate instead).
 *
 * The headers do not depend on the request (no CSP nonces: the HTML is prebuilt), so helmet runs
 * once at start-up and each answer gets the same header object in one `reply.headers` call.
 * @fastify/helmet built helmet's middleware again on every request (parsing the CSP directives
 * each time), a large share of the API's CPU under a list load.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: AppConfig): Promise<void> {
  const build = (remotes: readonly string[]) =>
    helmetHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", THEME_SCRIPT_HASH, ...remotes],
          scriptSrcAttr: ["'none'"],
          styleSrc: ["'self'", "'unsafe-inline'", ...remotes],
          // data: for the small SVGs Chakra inlines (e.g. a select's chevron).
          imgSrc: ["'self'", 'data:', ...remotes],
          fontSrc: ["'self'", 'data:', ...remotes],
          // The host fetches each remote's mf-manifest.json and chunks.
          connectSrc: ["'self'", ...remotes],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      xFrameOptions: { action: 'deny' },
      referrerPolicy: { policy: 'no-referrer' },
      crossOriginOpenerPolicy: { policy: 'same-origin' },
      crossOriginResourcePolicy: { policy: 'same-origin' },
      strictTransportSecurity: false,
    });
  // REMOTE_ORIGINS plus the origins file, which `pnpm release --origin` writes: the file is looked at
  // again at most once a second and the headers rebuilt only when it changed, so a section published
  // to a new origin is allowed without a restart and the per-request cost stays one object.
  const originsFile = remoteOriginsFile(config.remoteOriginsFile, (line) =>
    app.log.warn({ file: config.remoteOriginsFile, line }, 'not an origin; ignored'),
  );
  let fileOrigins = originsFile.origins();
  let headers = build([...new Set([...config.remoteOrigins, ...fileOrigins])]);
  // The sections' manifests and scripts are read by hosts on other origins too (a console that
  // loads a section from this server): the origins this deployment names — CORS_ORIGINS, and the
  // origins that serve or load its sections — may read them.
  let sectionReaders = new Set([...config.corsOrigins, ...config.remoteOrigins, ...fileOrigins]);
  let checkedAt = Date.now();
  const currentHeaders = () => {
    const now = Date.now();
    if (now - checkedAt >= 1000) {
      checkedAt = now;
      if (originsFile.changed()) {
        fileOrigins = originsFile.origins();
        headers = build([...new Set([...config.remoteOrigins, ...fileOrigins])]);
        sectionReaders = new Set([...config.corsOrigins, ...config.remoteOrigins, ...fileOrigins]);
      }
    }
    return headers;
  };

  app.addHook('onRequest', async (request, reply) => {
    reply.headers(currentHeaders());
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
    if (request.url.startsWith('/remotes/') || request.url.startsWith('/releases/')) {
      reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
      const origin = request.headers.origin;
      // Public files: no credentials, so the API's own CORS (with credentials) is not needed here.
      if (origin && sectionReaders.has(origin) && !reply.hasHeader('Access-Control-Allow-Origin')) {
        reply.header('Access-Control-Allow-Origin', origin);
        reply.header('Vary', 'Origin');
      }
    }
  });
  app.addHook('onSend', async (request, reply, payload) => {
    // The API reference's own scripts and styles (1.6 MB, versioned with the package) revalidate
    // by ETag like the console's files instead of downloading again on every visit.
    if (request.url.startsWith('/api/') && !request.url.startsWith('/api/docs/static/')) {
      reply.header('Cache-Control', 'no-store');
    }
    return payload;
  });
}

/** The headers helmet's middleware sets with `options`, read once from a recording response. */
export function helmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

/** An origin as REMOTE_ORIGINS takes it: scheme and host (and port), nothing else. */
const ORIGIN = /^https?:\/\/[^\s,/]+$/;

/**
 * The origins listed in `file`, one per line ('#' starts a comment); a missing file lists none.
 * `changed()` says whether the file is different from when `origins()` last read it.
 */
export function remoteOriginsFile(file: string, onInvalid: (line: string) => void = () => undefined) {
  let seen = '';
  const stamp = () => {
    try {
      const info = statSync(file);
      return `${info.mtimeMs}:${info.size}`;
    } catch {
      return 'missing';
    }
  };
  return {
    origins(): string[] {
      seen = stamp();
      let text = '';
      try {
        text = readFileSync(file, 'utf8');
      } catch {
        return [];
      }
      const origins: string[] = [];
      for (const raw of text.split('\n')) {
        const line = raw.replace(/#.*/, '').trim();
        if (!line) continue;
        if (ORIGIN.test(line)) origins.push(line);
        else onInvalid(line);
      }
      return origins;
    },
    changed(): boolean {
      return stamp() !== seen;
    },
  };
}
