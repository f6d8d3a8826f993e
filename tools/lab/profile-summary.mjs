// `node tools/lab/profile-summary.mjs FILE.cpuprofile [--top N] [--ms-per-req X]`: what bounds a view,
// read from a V8 CPU profile of the API (from `pnpm bench -- --scale --profile-each DIR` or
// `--cpu-prof DIR`). Prints the profile's self time grouped into categories (the PostgreSQL driver,
// Fastify, serialisation, validation, compression, the API's own code, sockets and HTTP, GC, …) as
// shares of the busy time (idle left out), and the top functions by self time with file:line.
// With --ms-per-req (the API's CPU per request measured beside the profile) each share is also given
// in CPU ms per request. Plain Node, no dependency: the API bundle's frames are mapped back to their
// TypeScript sources through its source map (api/dist/main.js.map, or the lab API's lab.js.map) with
// the small decoder below.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { decodeSegment } from './source-map.mjs';

/**
 * A source map's mappings as, per generated line, sorted [column, source index, source line]
 * segments (names and source columns, values 4 and 5 of a segment, are not needed to name a file
 * and line, and each is relative to its own previous value, so they can be skipped).
 */
function decodeMappings(mappings) {
  const lines = [];
  let source = 0;
  let sourceLine = 0;
  for (const text of mappings.split(';')) {
    const segments = [];
    let column = 0;
    for (const segment of text.split(',')) {
      if (!segment) continue;
      const values = decodeSegment(segment);
      column += values[0];
      if (values.length >= 4) {
        source += values[1];
        sourceLine += values[2];
        segments.push([column, source, sourceLine]);
      }
    }
    lines.push(segments);
  }
  return lines;
}

/** A resolver from a generated (0-based) line and column of `file` to its source file and line. */
function sourceMapFor(file) {
  const mapFile = `${file}.map`;
  if (!existsSync(mapFile)) return null;
  const map = JSON.parse(readFileSync(mapFile, 'utf8'));
  const lines = decodeMappings(map.mappings);
  const dir = path.dirname(mapFile);
  const sources = map.sources.map((source) => path.resolve(dir, map.sourceRoot ?? '', source));
  return (line, column) => {
    const segments = lines[line];
    if (!segments || segments.length === 0) return null;
    let found = segments[0];
    for (const segment of segments) {
      if (segment[0] > column) break;
      found = segment;
    }
    return { file: sources[found[1]], line: found[2] };
  };
}

/** The npm package a file belongs to (the last node_modules/<name> in its path, scoped or not). */
function packageOf(file) {
  const match = /.*node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(file);
  return match ? match[1] : null;
}

const PACKAGE_CATEGORIES = [
  [
    'PostgreSQL driver (pg, pg-protocol)',
    /^(pg|pg-protocol|pg-pool|pg-types|pg-int8|pgpass|pg-connection-string|pg-cloudflare|postgres-.*|pg-copy-streams)$/,
  ],
  ['Drizzle ORM', /^drizzle-orm$/],
  [
    'compression (zlib, Brotli, @fastify/compress)',
    /^(@fastify\/compress|minipass|pumpify|duplexify|peek-stream|through2|readable-stream|mnemonist)$/,
  ],
  [
    'serialisation (fast-json-stringify)',
    /^(fast-json-stringify|@fastify\/fast-json-stringify-compiler|json-schema-ref-resolver|fast-deep-equal|rfdc)$/,
  ],
  [
    'validation (ajv, valibot, zod)',
    /^(ajv|ajv-formats|@fastify\/ajv-compiler|fast-uri|valibot|@valibot\/.*|zod)$/,
  ],
  [
    'logging (pino)',
    /^(pino|pino-std-serializers|sonic-boom|thread-stream|quick-format-unescaped|atomic-sleep|on-exit-leak-free|safe-stable-stringify|fast-redact|@pinojs\/.*)$/,
  ],
  ['auth (jose, crypto)', /^(jose|oauth4webapi|@node-rs\/.*)$/],
  [
    'Fastify (routing, hooks, reply)',
    /^(fastify|find-my-way|avvio|light-my-request|fastify-plugin|@fastify\/.*|abstract-logging|process-warning|toad-cache|secure-json-parse|fast-querystring|fast-content-type-parse|content-type|ret|safe-regex2|cookie|fast-decode-uri-component|proxy-addr|forwarded|ipaddr\.js|semver|tiny-lru|lru-cache)$/,
  ],
];

/** The category of a frame's file (already mapped to its source for the API bundle). */
function categoryOfFile(file, functionName) {
  if (file === '') return null; // a native or builtin frame: its caller decides (see below)
  if (/^node:(internal\/)?(zlib|internal\/zlib)/.test(file) || file.startsWith('node:zlib'))
    return 'compression (zlib, Brotli, @fastify/compress)';
  if (/^node:(internal\/)?crypto/.test(file) || file.startsWith('node:internal/crypto'))
    return 'auth (jose, crypto)';
  if (file.startsWith('node:')) {
    if (
      /^node:(internal\/)?(http|_http|net|stream|streams|stream_base_commons|dgram|dns|tls|_tls|internal\/(http|net|stream|streams|stream_base_commons|js_stream_socket|socket)|internal\/perf)/.test(
        file,
      )
    )
      return 'sockets, streams, HTTP (node internals)';
    if (
      /^node:(internal\/)?(timers|internal\/timers|internal\/process\/task_queues|events|internal\/events|internal\/async_hooks|async_hooks|internal\/async_local_storage)/.test(
        file,
      )
    )
      return 'event loop, timers, promises (node internals)';
    return 'other node internals';
  }
  const pkg = packageOf(file);
  if (pkg) {
    for (const [category, pattern] of PACKAGE_CATEGORIES) if (pattern.test(pkg)) return category;
    return `other packages (${pkg})`;
  }
  if (/\/(api|shared-contracts|qbo-emulator)\/(src|lab|dist)\//.test(file)) {
    if (/compression\.ts$/.test(file)) return 'compression (zlib, Brotli, @fastify/compress)';
    if (/(schema|schemas|validation|contracts\/src)/.test(file))
      return "the API's own code: schemas and contracts";
    if (/\/db\//.test(file)) return "the API's own code: db (statements, mapping)";
    return "the API's own code: routes, services, hooks";
  }
  return functionName ? 'other' : null;
}

/**
 * Self time per node of a profile, in microseconds: each sample is charged the time to the next
 * one (the last sample the profile's end).
 */
function selfTimes(profile) {
  const times = new Map();
  const { samples, timeDeltas } = profile;
  let at = profile.startTime;
  const stamps = samples.map((_, i) => (at += timeDeltas[i] ?? 0));
  for (let i = 0; i < samples.length; i += 1) {
    const next = i + 1 < samples.length ? stamps[i + 1] : profile.endTime;
    const delta = Math.max(0, next - stamps[i]);
    times.set(samples[i], (times.get(samples[i]) ?? 0) + delta);
  }
  return times;
}

/**
 * The summary of one profile: { busyMs, idleMs, categories: [{ name, ms, share }], top: [{ name,
 * where, ms, share, category }] }. A native frame (no file: a builtin, a C++ binding such as the
 * socket write or Brotli itself) is charged to the category of its nearest JavaScript caller, so
 * zlib's native work counts as compression and a writev as sockets; JSON.stringify is serialisation
 * wherever it is called from. GC, (program) (V8 and libuv outside JavaScript) and idle are their own.
 */
export function summariseProfile(profile, { root = process.cwd(), top = 15 } = {}) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const maps = new Map();
  const resolve = (callFrame) => {
    let file = callFrame.url ?? '';
    let line = callFrame.lineNumber + 1;
    if (file.startsWith('file://')) file = fileURLToPath(file);
    if (
      file.endsWith(`${path.sep}dist${path.sep}main.js`) ||
      file.endsWith(`${path.sep}dist${path.sep}lab.js`)
    ) {
      if (!maps.has(file)) maps.set(file, sourceMapFor(file));
      const mapped = maps.get(file)?.(callFrame.lineNumber, callFrame.columnNumber);
      if (mapped) {
        file = mapped.file;
        line = mapped.line + 1;
      }
    }
    return { file, line };
  };
  const categoryCache = new Map();
  const categoryOf = (id) => {
    if (categoryCache.has(id)) return categoryCache.get(id);
    const node = byId.get(id);
    const name = node.callFrame.functionName;
    let category;
    if (name === '(garbage collector)') category = 'GC';
    else if (name === '(idle)') category = 'idle';
    else if (name === '(program)') category = '(program): V8 and libuv outside JavaScript';
    else if (name === '(root)') category = 'idle';
    else if (!node.callFrame.url && /^(stringify|JSON\.stringify)$/.test(name))
      category = 'serialisation (fast-json-stringify)';
    else {
      const { file } = resolve(node.callFrame);
      category = categoryOfFile(file, name);
      if (category === null) {
        const up = parent.get(id);
        category = up === undefined ? 'other' : categoryOf(up);
        if (category === 'idle') category = 'other';
      }
    }
    categoryCache.set(id, category);
    return category;
  };

  const times = selfTimes(profile);
  const categories = new Map();
  const functions = new Map();
  let busy = 0;
  let idle = 0;
  for (const [id, us] of times) {
    const category = categoryOf(id);
    if (category === 'idle') {
      idle += us;
      continue;
    }
    busy += us;
    categories.set(category, (categories.get(category) ?? 0) + us);
    const { callFrame } = byId.get(id);
    const { file, line } = resolve(callFrame);
    const where = file ? `${path.isAbsolute(file) ? path.relative(root, file) : file}:${line}` : '(native)';
    const key = `${callFrame.functionName || '(anonymous)'} ${where}`;
    const entry = functions.get(key) ?? {
      name: callFrame.functionName || '(anonymous)',
      where,
      category,
      us: 0,
    };
    entry.us += us;
    functions.set(key, entry);
  }
  const share = (us) => (busy === 0 ? 0 : us / busy);
  return {
    busyMs: busy / 1000,
    idleMs: idle / 1000,
    categories: [...categories]
      .map(([name, us]) => ({ name, ms: us / 1000, share: share(us) }))
      .sort((a, b) => b.ms - a.ms),
    top: [...functions.values()]
      .sort((a, b) => b.us - a.us)
      .slice(0, top)
      .map(({ name, where, category, us }) => ({ name, where, category, ms: us / 1000, share: share(us) })),
  };
}

/** The summary as text; `msPerRequest` (the API's measured CPU per request) adds ms/req columns. */
export function formatSummary(summary, { msPerRequest = null } = {}) {
  const out = [];
  const pct = (value) => `${(value * 100).toFixed(1)}%`.padStart(6);
  const perReq = (value) =>
    msPerRequest === null ? '' : `  ${(value * msPerRequest).toFixed(3).padStart(6)} ms/req`;
  out.push(
    `busy ${summary.busyMs.toFixed(0)} ms, idle ${summary.idleMs.toFixed(0)} ms (shares are of the busy time${msPerRequest === null ? '' : `; ms/req split the measured ${msPerRequest.toFixed(2)} ms of API CPU per request`})`,
  );
  for (const { name, share } of summary.categories) out.push(`  ${pct(share)}${perReq(share)}  ${name}`);
  out.push(`top ${summary.top.length} functions by self time:`);
  for (const { name, where, category, share } of summary.top)
    out.push(`  ${pct(share)}  ${name.padEnd(32)} ${where}  [${category}]`);
  return out.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const option = (name) => {
    const index = args.indexOf(`--${name}`);
    return index >= 0 ? args[index + 1] : undefined;
  };
  const files = args.filter((arg, i) => !arg.startsWith('--') && !args[i - 1]?.startsWith('--'));
  if (files.length === 0) {
    console.error('usage: node tools/lab/profile-summary.mjs FILE.cpuprofile… [--top N] [--ms-per-req X]');
    process.exit(1);
  }
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
  for (const file of files) {
    const summary = summariseProfile(JSON.parse(readFileSync(file, 'utf8')), {
      root,
      top: Number(option('top') ?? 15),
    });
    const msPerRequest = option('ms-per-req') === undefined ? null : Number(option('ms-per-req'));
    console.info(`${file}\n${formatSummary(summary, { msPerRequest })}\n`);
  }
}
