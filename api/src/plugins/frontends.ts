import { existsSync, mkdirSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ERROR_CODES, SECTIONS, SERVER_ERRORS } from 'shared-contracts';
import type { AppConfig } from '../config';
import { failure } from '../http/envelope';
import { sendApiNotFound } from './errors';

/** The sections served under /remotes/<name>/ from remote-<name>/dist. */
export const REMOTE_NAMES = SECTIONS.map((section) => section.name);

/** A release's folder name (its build id): no path separators, never '.' or '..'. */
const RELEASE_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

/** Paths of the remotes' files: a missing one answers a plain 404, which a browser reads as "no such script". */
const REMOTE_FILES = /^\/(remotes|releases)\//;

/**
 * /remotes.json when no remotes file exists: each section from its own build under /remotes/<name>/
 * (what `pnpm start` serves before any `pnpm release`).
 */
export const DEFAULT_REMOTES = JSON.stringify(
  Object.fromEntries(REMOTE_NAMES.map((name) => [name, `/remotes/${name}/mf-manifest.json`])),
);

/** Files that name other files and must be re-checked on every load (the rest revalidate by ETag). */
const NO_CACHE_FILES = new Set(['index.html', 'remoteEntry.js', 'mf-manifest.json', 'remotes.json']);

const CONTENT_HASHED = /\.[0-9a-f]{16,}\.(js|css|woff2?)$/;

/** Source maps stay on the server (for decoding error reports): they are never sent. */
const notSourceMap = (pathName: string) => !pathName.endsWith('.map');

function setCacheHeaders(reply: FastifyReply, path: string): void {
  // A precompressed copy (main.js.br) is cached like the file it stands for.
  const file = (path.split(/[\\/]/).pop() ?? '').replace(/\.(br|gz)$/, '');
  if (NO_CACHE_FILES.has(file) || file.endsWith('.html')) reply.header('Cache-Control', 'no-cache');
  // Chunks named by content hash never change: let browsers keep them.
  else if (CONTENT_HASHED.test(file)) reply.header('Cache-Control', 'public, max-age=31536000, immutable');
}

/** A remote's standalone page as sent: its <base> added, and compressed once per build of the page. */
interface RemotePage {
  mtimeMs: number;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** The encoding of a page the client accepts, best first (Brotli, then gzip), or none. */
function pageEncoding(acceptEncoding: string | string[] | undefined): 'br' | 'gzip' | 'identity' {
  const accepted = new Set<string>();
  for (const item of String(acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = item.split(';').map((part) => part.trim().toLowerCase());
    const quality = params.find((param) => param.startsWith('q='));
    // `br;q=0` says "not Brotli".
    if (name && !(quality !== undefined && Number(quality.slice(2)) === 0)) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}

/**
 * Production serving of the built console on the API's port: the host at /,
 * each remote under /remotes/<name>/, and /remotes.json read from disk on every request so that
 * editing it re-points a section without a rebuild or restart. Missing dist folders are skipped.
 * Also owns the not-found handler: /api/* gets the JSON envelope, page routes get the SPA.
 */
export async function registerFrontends(app: FastifyInstance, config: AppConfig): Promise<void> {
  const hostDist = join(config.staticRoot, 'host', 'dist');
  const indexHtml = join(hostDist, 'index.html');
  const loginHtml = join(hostDist, 'login.html');
  // A remote's standalone page carries the console's global styles (about 40 KB): it is compressed
  // once after each build of it, not on every request, like the files the build precompresses.
  const remotePages = new Map<string, RemotePage>();
  const remotePage = async (base: string, page: string): Promise<RemotePage> => {
    const { mtimeMs } = await stat(page);
    const cached = remotePages.get(page);
    if (cached?.mtimeMs === mtimeMs) return cached;
    const html = (await readFile(page)).toString('utf8');
    // The remote's page loads its scripts relative to itself; a base keeps deep links working.
    const identity = Buffer.from(html.replace('<head>', `<head><base href="${base}">`));
    const entry = {
      mtimeMs,
      identity,
      br: brotliCompressSync(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
      gzip: gzipSync(identity, { level: 9 }),
    };
    remotePages.set(page, entry);
    return entry;
  };

  for (const name of REMOTE_NAMES) {
    const root = join(config.staticRoot, `remote-${name}`, 'dist');
    if (!existsSync(root)) continue;
    await app.register(fastifyStatic, {
      root,
      prefix: `/remotes/${name}/`,
      decorateReply: false,
      redirect: false,
      preCompressed: true,
      allowedPath: notSourceMap,
      setHeaders: setCacheHeaders,
    });
  }
  // Releases (`pnpm release`): releases/<section>/<build id>/, immutable, each with its manifest,
  // remoteEntry.js, chunks and standalone page. Served even when created after the server started.
  mkdirSync(config.releasesDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: config.releasesDir,
    prefix: '/releases/',
    decorateReply: false,
    redirect: false,
    preCompressed: true,
    // Source maps are kept beside each release for decoding error reports, never sent; nor are the
    // release tool's own files (the remotes file and the origins list, when they live here).
    allowedPath: (pathName: string) => notSourceMap(pathName) && /^\/[a-z]+\/[^/]+\//.test(pathName),
    setHeaders: setCacheHeaders,
  });
  if (existsSync(hostDist)) {
    await app.register(fastifyStatic, {
      root: hostDist,
      prefix: '/',
      // reply.sendFile: the SPA fallback below sends index.html the same way (precompressed).
      decorateReply: true,
      redirect: false,
      preCompressed: true,
      allowedPath: notSourceMap,
      setHeaders: setCacheHeaders,
    });
  }

  app.get('/remotes.json', async (request, reply) => {
    let text: string;
    try {
      text = await readFile(config.remotesFile, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      text = DEFAULT_REMOTES;
    }
    try {
      JSON.parse(text);
    } catch {
      request.log.error({ file: config.remotesFile }, 'remotes file is not valid JSON');
      return reply.code(500).send(failure(ERROR_CODES.internal, SERVER_ERRORS.internal));
    }
    return reply.type('application/json; charset=utf-8').header('Cache-Control', 'no-cache').send(text);
  });

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      path !== '/api' &&
      !path.startsWith('/api/') &&
      extname(path) === '';
    if (isPage) {
      // A remote's own page (its standalone QA shell) answers every path under /remotes/<name>/, and a
      // release's under /releases/<name>/<build id>/.
      const release = /^\/releases\/([a-z]+)\/([^/]+)(?:\/|$)/.exec(path);
      const remote = release?.[1] ?? /^\/remotes\/([a-z]+)(?:\/|$)/.exec(path)?.[1];
      if (!remote && existsSync(indexHtml)) {
        // The sign-in page comes already rendered (host/src/prerender) when the build has it.
        if (path === '/login' && existsSync(loginHtml)) return reply.sendFile('login.html', hostDist);
        // The host's page, as its precompressed copy when the browser accepts one.
        return reply.sendFile('index.html', hostDist);
      }
      try {
        if (remote && (REMOTE_NAMES as readonly string[]).includes(remote)) {
          const id = release?.[2];
          if (id !== undefined && !RELEASE_ID.test(id)) throw new Error('not a release id');
          const page = id
            ? await remotePage(
                `/releases/${remote}/${id}/`,
                join(config.releasesDir, remote, id, 'index.html'),
              )
            : await remotePage(
                `/remotes/${remote}/`,
                join(config.staticRoot, `remote-${remote}`, 'dist', 'index.html'),
              );
          const encoding = pageEncoding(request.headers['accept-encoding']);
          if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
          return reply
            .type('text/html; charset=utf-8')
            .header('Cache-Control', 'no-cache')
            .header('Vary', 'Accept-Encoding')
            .send(page[encoding]);
        }
        const html = await readFile(indexHtml);
        return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(html);
      } catch {
        // No build of that page: fall through to the JSON 404.
      }
    }
    // A remote's missing file (a chunk of a release that is gone, a source map): a plain 404, not the
    // API's JSON envelope, so the browser and the federation runtime see a failed script load.
    if (REMOTE_FILES.test(path)) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    return sendApiNotFound(reply);
  });
}
