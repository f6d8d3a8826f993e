/**
 * Fuzzed inputs: every /api route of the app's own route table gets property-based
 * requests whose path ids, query strings and bodies are derived from the route's declared valibot
 * schemas — valid, nearly valid and hostile (src/test/fuzz/arbitraries.ts) — sent as a role that
 * may use the route (ADMIN, and the lowest role the access table lets in). Every answer must be:
 * - a 2xx, or a 4xx in the error envelope with a message and a code (never a 5xx or a 3xx);
 * - free of stack traces, file paths and SQL, after removing what the request itself sent;
 * - and when the request is refused (any 4xx) or only reads (GET), the database must be exactly
 *   as before: every table of the public schema compared by row count and a hash of its rows.
 *
 * Tables a refused request may legitimately change, by route, and why:
 * - login_attempts on POST /api/auth/login and PUT /api/user/password: a wrong password is
 *   counted for the throttle — that count is the refusal's purpose;
 * - refresh_tokens on POST /api/auth/refresh: presenting a rotated token revokes its family
 *   (reuse detection) and answers 401;
 * - companies (and the status counts kept from them) and activity on POST …/refresh-qb-token when
 *   QuickBooks itself refused the refresh (409 QB_RECONNECT_REQUIRED, 502): the company's
 *   QuickBooks status becomes 'error' and the failed attempt is written to its activity (and so to
 *   the live event log, which tells open screens the company changed), which is
 *   what the card then shows.
 * Reads change nothing, except that each download of a NACHA file (account numbers) is written to
 * the activity as an audit.
 * Nothing else: sessions, throttle and audit tables are compared on every other route, so a
 * refused write that still wrote an activity row or ended a session fails here.
 *
 * Runs: FUZZ_RUNS per route (default 15); seed FUZZ_SEED (default below), printed at the start.
 * A failure prints the seed, the route and the exact request; the same seed replays the same
 * requests against the same seeded database. FUZZ_ROUTE=<substring> narrows the routes (the state
 * then differs, so a failure may need the full run to replay); FUZZ_DEBUG=1 prints every request
 * and answer, FUZZ_STATS=1 the answers per route.
 */
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from 'shared-contracts';
import { loginAttempts, users } from './db/schema';
import { ACCESS_TABLE, type Access, type RouteKey } from './http/access-table';
import { isValibotSchema, requestJsonSchema } from './http/valibot-type-provider';
import { startQboEmulator, type QboEmulator } from 'qbo-emulator';
import { emulatorConfig, TEST_REDIRECT_URI } from './test/qbo-emulator';
import { WriteTracker, changedTables, type DbSnapshot } from './test/db-snapshot';
import { build, demoPasswordHash, type TestContext } from './test/build';
import { hostileString, partArbitraries, type Flavour, type Schema } from './test/fuzz/arbitraries';
import {
  RawJson,
  Ref,
  isPlainObject,
  percentEncode,
  resolveRefs,
  stringsOf,
  toJsonText,
  type Pool,
  type Value,
} from './test/fuzz/values';

const RUNS = Number(process.env.FUZZ_RUNS ?? 15);
const SEED = Number(process.env.FUZZ_SEED ?? 12_2026);
const ONLY = process.env.FUZZ_ROUTE;

/** Tables a refused request to the route may change (see the header), and for which error codes. */
const MAY_CHANGE_WHEN_REFUSED: Partial<Record<RouteKey, { tables: string[]; codes?: string[] }>> = {
  'POST /api/auth/login': { tables: ['login_attempts'], codes: ['INVALID_CREDENTIALS'] },
  'PUT /api/user/password': { tables: ['login_attempts'], codes: ['VALIDATION_ERROR'] },
  'POST /api/auth/refresh': { tables: ['refresh_tokens'], codes: ['REFRESH_FAILED'] },
  'POST /api/company/companies/:id/refresh-qb-token': {
    tables: ['companies', 'company_counts', 'activity', 'live_events'],
    codes: ['QB_RECONNECT_REQUIRED', 'UPSTREAM_ERROR'],
  },
};

/** Reads that write on purpose: each download of a bank file (account numbers) is audited. */
const READS_THAT_WRITE: Partial<Record<RouteKey, string[]>> = {
  'GET /api/bill-approval/approvals/:id/nacha': ['activity'],
};

type Caller = 'anonymous' | Role;

/** Who calls each route: ADMIN, plus the lowest role its gate lets in. */
const CALLERS_BY_ACCESS: Record<Access, Caller[]> = {
  public: ['anonymous'],
  'signed-in': ['ADMIN', 'GUEST'],
  USER: ['ADMIN', 'USER'],
  MODERATOR: ['ADMIN', 'MODERATOR'],
  ADMIN: ['ADMIN'],
};

const ACCOUNTS: Record<Role, string> = {
  ADMIN: 'admin@example.com',
  MODERATOR: 'moderator@example.com',
  USER: 'user@example.com',
  GUEST: 'guest@example.com',
};
/** Whose refresh tokens the generators may send (not a caller, so no caller is signed out). */
const VICTIM = 'fuzz-victim@example.com';

interface DeclaredRoute {
  method: string;
  url: string;
  params?: Schema;
  query?: Schema;
  body?: Schema;
  /** The body may be left out (an optional valibot schema). */
  bodyOptional: boolean;
}

let t: TestContext;
let mock: QboEmulator;
const declared = new Map<string, DeclaredRoute>();
const fuzzed = new Set<string>();
const tokens = new Map<Role, string>();
let tracker: WriteTracker;
let baseline: DbSnapshot | undefined;
let requestCounter = 0;

const jsonSchemaOf = (schema: unknown): Schema | undefined =>
  isValibotSchema(schema) ? (requestJsonSchema(schema) as Schema) : undefined;

beforeAll(async () => {
  mock = await startQboEmulator({
    clientId: 'fuzz-client',
    clientSecret: 'fuzz-secret',
    redirectUris: [TEST_REDIRECT_URI],
  });
  t = await build({
    config: {
      // A slow CI machine must not turn the local emulator into a 502.
      quickBooks: emulatorConfig(mock, { clientId: 'fuzz-client', clientSecret: 'fuzz-secret' }, 10_000),
    },
    app: {
      approvalSweep: false,
      // Errors the server logs (an unhandled one is logged with its stack) go into a failure's report.
      logger: { level: 'error', stream: { write: (line: string) => void serverErrors.push(line) } },
      onRoute(route: RouteOptions) {
        if (!route.url.startsWith('/api')) return;
        const schema = (route.schema ?? {}) as { params?: unknown; querystring?: unknown; body?: unknown };
        for (const method of [route.method].flat()) {
          if (method === 'HEAD') continue;
          declared.set(`${method} ${route.url}`, {
            method,
            url: route.url,
            params: jsonSchemaOf(schema.params),
            query: jsonSchemaOf(schema.querystring),
            body: jsonSchemaOf(schema.body),
            bodyOptional:
              isValibotSchema(schema.body) && (schema.body as v.GenericSchema).type === 'optional',
          });
        }
      },
    },
  });
  await ensureAccount(VICTIM, 'USER');
  for (const role of Object.keys(ACCOUNTS) as Role[]) await signIn(role);
  tracker = await WriteTracker.install(t.database.db);
  console.info(
    `fuzz: seed ${SEED}, ${RUNS} runs per route (FUZZ_SEED / FUZZ_RUNS to change), engine ${t.database.kind}`,
  );
}, 120_000);

afterAll(async () => {
  await t?.close();
  await mock?.close();
});

// ---------------------------------------------------------------------------------------------
// Accounts the fuzzer may have changed (a valid request may demote, deactivate or delete them)

async function ensureAccount(email: string, role: Role): Promise<void> {
  const db = t.database.db;
  const passwordHash = await demoPasswordHash();
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (row) await db.update(users).set({ role, isActive: true, passwordHash }).where(eq(users.id, row.id));
  else
    await db
      .insert(users)
      .values({ email, role, isActive: true, passwordHash, firstName: 'Fuzz', lastName: role });
  // A guessed password for this e-mail (a generator may send one) must not throttle the harness.
  await db.delete(loginAttempts).where(eq(loginAttempts.email, email));
}

async function signIn(role: Role): Promise<void> {
  await ensureAccount(ACCOUNTS[role], role);
  tokens.set(role, (await t.login(ACCOUNTS[role])).tokens.accessToken);
}

/** After an accepted write: every caller still signed in with its role, or set back. */
async function ensureCallers(): Promise<boolean> {
  let repaired = false;
  for (const role of Object.keys(ACCOUNTS) as Role[]) {
    const me = await t.request({ method: 'GET', url: '/api/auth/me', token: tokens.get(role) });
    if (me.statusCode === 200 && me.json<{ data: { role: string } }>().data.role === role) continue;
    await signIn(role);
    repaired = true;
  }
  return repaired;
}

// ---------------------------------------------------------------------------------------------
// Existing rows the generated values point at

const POOL_QUERIES: Record<Exclude<Pool, 'refreshToken'>, string> = {
  users: 'select id::text as v from users order by id',
  companies: 'select id::text as v from companies order by id',
  managers: 'select id::text as v from managers order by id',
  approvals: 'select id::text as v from approvals order by created_at, id',
  vendorAccounts: 'select id::text as v from vendor_bank_accounts order by id',
  emails: 'select email as v from users order by id',
};

let wroteWhileResolving = false;
let victimRefreshToken: string | undefined;

async function lookup(ref: Ref): Promise<Value> {
  if (ref.pool === 'refreshToken') {
    // One sign-in per request, however many times the body repeats the token.
    if (!victimRefreshToken) {
      wroteWhileResolving = true;
      await ensureAccount(VICTIM, 'USER');
      victimRefreshToken = (await t.login(VICTIM)).tokens.refreshToken;
    }
    return victimRefreshToken;
  }
  const rows = (
    (await t.database.db.execute(sql.raw(POOL_QUERIES[ref.pool]))) as unknown as { rows: { v: string }[] }
  ).rows;
  const picked =
    rows.length > 0
      ? rows[ref.pick % rows.length]!.v
      : ref.pool === 'approvals'
        ? crypto.randomUUID()
        : '999999';
  return ref.as === 'number' && /^\d+$/.test(picked) ? Number(picked) : picked;
}

// ---------------------------------------------------------------------------------------------
// Requests

/** The pool a path id of this route points at. */
function poolOfParam(url: string, name: string): Pool {
  if (name === 'accountId') return 'vendorAccounts';
  if (url.startsWith('/api/user/')) return 'users';
  if (url.startsWith('/api/company/')) return 'companies';
  if (url.startsWith('/api/manager/')) return 'managers';
  return 'approvals';
}

const NEAR_IDS = [
  '0',
  '-1',
  '1.5',
  '2147483648',
  '9007199254740993',
  '1e3',
  '0x1f',
  '+1',
  '01',
  ' 1',
  'null',
  'true',
  '00000000-0000-0000-0000-000000000000',
  'AAAAAAAA-AAAA-4AAA-8AAA-AAAAAAAAAAAA',
  '00000000000040008000000000000000',
  '00000000-0000-4000-8000-0000000000001',
];

function paramArbitraries(
  url: string,
  name: string,
  schema: Schema | undefined,
): Record<Flavour, fc.Arbitrary<Value>> {
  return {
    valid: fc.oneof(
      {
        weight: 4,
        arbitrary: fc.nat(1_000).map((pick): Value => new Ref(poolOfParam(url, name), pick, 'string')),
      },
      {
        weight: 1,
        arbitrary: schema?.pattern ? fc.uuid() : fc.integer({ min: 1, max: 2_147_483_647 }).map(String),
      },
    ),
    nearly: fc.constantFrom(...NEAR_IDS),
    hostile: hostileString.filter((text) => text.length > 0 && text.length <= 10_000),
  };
}

/** Query pieces that are not key=value pairs of the schema: written into the URL as they are. */
const RAW_QUERY = fc.constantFrom(
  '%zz',
  '%',
  'a[b]=c',
  '__proto__[isAdmin]=1',
  'constructor[prototype][x]=1',
  '&&&',
  '=x',
  'page',
  'limit=',
  '%00=%00',
  '%ED%A0%80=1',
  `x=${'y'.repeat(20_000)}`,
  'page=1&page=2',
  'sortBy=__proto__',
);

type Encoding =
  'json' | 'json-charset' | 'none' | 'text' | 'form' | 'truncated' | 'garbage' | 'bom' | 'latin1' | 'utf16';
const ODD_ENCODINGS: Encoding[] = [
  'json-charset',
  'none',
  'text',
  'form',
  'truncated',
  'garbage',
  'bom',
  'latin1',
  'utf16',
];

/** Headers a broken or hostile client sends (each alone; the request is otherwise as generated). */
const ODD_HEADERS = fc.constantFrom<[string, string]>(
  ['authorization', 'Bearer'],
  ['authorization', 'Bearer '],
  ['authorization', `Bearer ${'a'.repeat(8_000)}`],
  ['authorization', 'Bearer eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJ1c2VySWQiOjEsInJvbGUiOiJBRE1JTiJ9.'],
  ['authorization', 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJ1c2VySWQiOiIxIE9SIDE9MSJ9.c2lnbmF0dXJl'],
  ['authorization', 'Basic YWRtaW5AZXhhbXBsZS5jb206UGFzc3dvcmQxMjMh'],
  ['authorization', 'Bearer a.b.c Bearer d.e.f'],
  ['accept-encoding', 'br;q=abc, gzip;q=NaN, *;q=-1'],
  ['accept-encoding', 'identity;q=0, *;q=0'],
  ['accept-encoding', 'x'.repeat(4_000)],
  ['accept', 'text/csv;q=2, */*;q=nonsense'],
  ['accept-language', '\u0000'],
  ['if-none-match', '"x", W/"y", *'],
  ['if-modified-since', 'not a date'],
  ['range', 'bytes=-1-2,5-1,999999999999999999999-'],
  ['origin', 'null'],
  ['origin', 'http://evil.example'],
  ['x-forwarded-for', '1.1.1.1, <script>, ::ffff:999.1.1.1'],
  ['cookie', '=; ; a=%ZZ; __proto__=1; refreshToken="unterminated'],
  ['content-encoding', 'gzip'],
  ['transfer-encoding', 'chunked'],
  ['expect', '100-continue'],
);

interface Request {
  flavour: Flavour;
  caller: Caller;
  /** A header to add or replace (hostile requests only). */
  header?: [string, string] | undefined;
  /** Path params (`param:<name>`), `query` and `body`; undefined = left out. */
  parts: Record<string, Value | undefined>;
  rawQuery: string[];
  encoding: Encoding;
}

/**
 * A third of the requests valid in every part, a third with one part nearly valid, a third with
 * one or more parts hostile (and now and then a broken encoding or raw query pieces).
 */
function requestArb(route: DeclaredRoute, callers: Caller[]): fc.Arbitrary<Request> {
  const parts: Record<string, Record<Flavour, fc.Arbitrary<Value | undefined>>> = {};
  for (const [, name] of route.url.matchAll(/:([A-Za-z0-9_]+)/g)) {
    parts[`param:${name}`] = paramArbitraries(
      route.url,
      name as string,
      route.params?.properties?.[name as string],
    );
  }
  if (route.query) {
    const query = partArbitraries(route.query, 'query');
    parts.query = { ...query, valid: fc.option(query.valid, { freq: 4, nil: undefined }) };
  }
  if (route.body) {
    const body = partArbitraries(route.body, 'body');
    parts.body = route.bodyOptional
      ? { ...body, valid: fc.option(body.valid, { freq: 4, nil: undefined }) }
      : body;
  } else if (route.method !== 'GET') {
    parts.body = {
      valid: fc.constant(undefined),
      nearly: fc.constant({}),
      hostile: partArbitraries({ type: 'object', properties: {} }, 'body').hostile,
    };
  }
  const names = Object.keys(parts);
  const pick = (flavours: Record<string, Flavour>) => {
    const model: Record<string, fc.Arbitrary<Value | undefined>> = {};
    for (const name of names) model[name] = parts[name]![flavours[name] ?? 'valid'];
    return fc.record(model);
  };
  const caller = fc.constantFrom(...callers);
  const valid = fc.record({
    flavour: fc.constant<Flavour>('valid'),
    caller,
    parts: pick({}),
    rawQuery: fc.constant<string[]>([]),
    encoding: fc.constant<Encoding>('json'),
  });
  if (names.length === 0) {
    const odd = fc.record({
      flavour: fc.constant<Flavour>('hostile'),
      caller,
      parts: pick({}),
      header: fc.option(ODD_HEADERS, { freq: 2, nil: undefined }),
      rawQuery: fc.array(RAW_QUERY, { minLength: 0, maxLength: 2 }),
      encoding: fc.constant<Encoding>('json'),
    });
    return fc.oneof({ weight: 2, arbitrary: valid }, { weight: 1, arbitrary: odd });
  }
  const nearly = fc.constantFrom(...names).chain((name) =>
    fc.record({
      flavour: fc.constant<Flavour>('nearly'),
      caller,
      parts: pick({ [name]: 'nearly' }),
      rawQuery: fc.constant<string[]>([]),
      encoding: fc.constant<Encoding>('json'),
    }),
  );
  const hostile = fc.subarray(names, { minLength: 1 }).chain((hostileNames) =>
    fc.record({
      flavour: fc.constant<Flavour>('hostile'),
      caller,
      parts: pick(Object.fromEntries(hostileNames.map((name) => [name, 'hostile' as Flavour]))),
      header: fc.option(ODD_HEADERS, { freq: 3, nil: undefined }),
      rawQuery: fc.oneof(
        { weight: 3, arbitrary: fc.constant<string[]>([]) },
        { weight: 1, arbitrary: fc.array(RAW_QUERY, { minLength: 1, maxLength: 2 }) },
      ),
      encoding: fc.oneof(
        { weight: 3, arbitrary: fc.constant<Encoding>('json') },
        { weight: 1, arbitrary: fc.constantFrom(...ODD_ENCODINGS) },
      ),
    }),
  );
  return fc.oneof(valid, nearly, hostile);
}

function queryPairs(value: Value): [string, string][] {
  if (!isPlainObject(value)) return [[String(toJsonText(value)), '']];
  const pairs: [string, string][] = [];
  for (const key of Object.keys(value)) {
    const item = value[key] as Value;
    const items = Array.isArray(item) ? item : [item];
    for (const one of items) {
      if (one === undefined) continue;
      pairs.push([key, typeof one === 'string' ? one : one instanceof RawJson ? one.text : toJsonText(one)]);
    }
  }
  return pairs;
}

interface Built {
  options: InjectOptions & { token?: string };
  sent: string[];
  description: string;
}

async function buildRequest(route: DeclaredRoute, request: Request): Promise<Built> {
  const sent: string[] = [];
  let path = route.url;
  for (const [part, raw] of Object.entries(request.parts)) {
    if (!part.startsWith('param:')) continue;
    const name = part.slice('param:'.length);
    const value = String(await resolveRefs(raw ?? '', lookup));
    sent.push(value);
    path = path.replace(`:${name}`, percentEncode(value));
  }
  path = path.replace('*', 'swagger-ui.css');
  const pieces: string[] = [];
  if (request.parts.query !== undefined) {
    const query = await resolveRefs(request.parts.query, lookup);
    sent.push(...stringsOf(query));
    for (const [key, value] of queryPairs(query))
      pieces.push(`${percentEncode(key)}=${percentEncode(value)}`);
  }
  pieces.push(...request.rawQuery);
  sent.push(...request.rawQuery);
  const url = pieces.length > 0 ? `${path}?${pieces.join('&')}` : path;

  const headers: Record<string, string> = {};
  let payload: string | Buffer | undefined;
  if (request.parts.body !== undefined && request.encoding !== 'none') {
    const body = await resolveRefs(request.parts.body, lookup);
    sent.push(...stringsOf(body));
    const text = toJsonText(body);
    headers['content-type'] = 'application/json';
    switch (request.encoding) {
      case 'json':
        payload = text;
        break;
      case 'json-charset':
        headers['content-type'] = 'application/json; charset=utf-8';
        payload = text;
        break;
      case 'text':
        headers['content-type'] = 'text/plain';
        payload = text;
        break;
      case 'form':
        headers['content-type'] = 'application/x-www-form-urlencoded';
        payload = 'a=1&b=2';
        break;
      case 'truncated':
        payload = text.slice(0, Math.max(0, text.length - 1));
        break;
      case 'garbage':
        payload = `${text}}garbage`;
        break;
      case 'bom':
        payload = `\uFEFF${text}`;
        break;
      case 'latin1':
        payload = Buffer.concat([
          Buffer.from(text.slice(0, -1), 'utf8'),
          Buffer.from([0xff, 0xfe, 0xc0]),
          Buffer.from(text.slice(-1)),
        ]);
        break;
      case 'utf16':
        headers['content-type'] = 'application/json; charset=utf-16le';
        payload = Buffer.from(text, 'utf16le');
        break;
    }
  }
  requestCounter += 1;
  const n = requestCounter;
  let token = request.caller === 'anonymous' ? undefined : tokens.get(request.caller);
  if (request.header) {
    const [name, value] = request.header;
    if (name === 'authorization') token = undefined;
    headers[name] = value;
  }
  const bodyText =
    payload === undefined ? '(none)' : Buffer.isBuffer(payload) ? payload.toString('utf8') : payload;
  return {
    options: {
      method: route.method as InjectOptions['method'],
      url,
      headers,
      ...(payload === undefined ? {} : { payload }),
      token,
      // Each request from its own address, so the per-address sign-in throttle meets only what it should.
      remoteAddress: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    },
    sent,
    description: [
      `${route.method} ${url.length > 600 ? `${url.slice(0, 600)}… (${url.length} chars)` : url}`,
      `${request.flavour}, as ${request.caller}; headers: ${JSON.stringify(headers).slice(0, 300)}`,
      `body: ${bodyText.length > 600 ? `${bodyText.slice(0, 600)}… (${bodyText.length} chars)` : bodyText}`,
    ].join('\n'),
  };
}

// ---------------------------------------------------------------------------------------------
// What every answer must be

/** Internals that must never reach a client. */
const LEAKS: [string, RegExp][] = [
  ['a stack frame', /\bat (?:async )?[\w$.<>]+ \(|\bat [^\s]+\.(?:[cm]?[jt]s):\d+:\d+/],
  ['a file path', /(?:\/work\/|node_modules|\/src\/[\w/-]+\.ts|file:\/\/)/],
  ['SQL', /\b(?:select\s+[\s\S]{0,200}?\s+from|insert\s+into|update\s+"?\w+"?\s+set|delete\s+from)\b/i],
  [
    'a database error',
    /(?:syntax error at or near|violates (?:foreign key|unique|not-null|check) constraint|duplicate key value|relation "\w+"|column "\w+"|invalid input (?:syntax|value) for|out of range for type|stack depth limit|\bPGlite\b|drizzle|SQLSTATE|pg_catalog)/i,
  ],
  ['an internal error name', /\b(?:TypeError|RangeError|ReferenceError|SyntaxError|FST_ERR_[A-Z_]+)\b/],
];

function problemWith(url: string, response: LightMyRequestResponse, sent: string[]): string | null {
  const { statusCode } = response;
  if (statusCode >= 500) return `answered ${statusCode}: ${response.body.slice(0, 300)}`;
  // The API reference's page redirects to its own address (@fastify/swagger-ui); nothing else does.
  const redirect = statusCode >= 300 && statusCode < 400;
  if (redirect && !(url.startsWith('/api/docs') && response.headers.location))
    return `answered ${statusCode}`;
  if (statusCode < 200) return `answered ${statusCode}`;
  let visible = response.body;
  // What the request itself sent may come back (a 400 naming a field, a saved name): not a leak.
  for (const text of [...sent].sort((a, b) => b.length - a.length)) {
    if (text.length >= 3) visible = visible.split(text).join('');
  }
  for (const [what, pattern] of LEAKS) {
    const match = pattern.exec(visible);
    if (match) return `answer ${statusCode} shows ${what} (“${match[0]}”): ${response.body.slice(0, 300)}`;
  }
  if (statusCode >= 400) {
    if (!/^application\/json/.test(String(response.headers['content-type'])))
      return `${statusCode} is not JSON (${String(response.headers['content-type'])})`;
    let body: { success?: unknown; error?: { message?: unknown; code?: unknown } };
    try {
      body = JSON.parse(response.body) as typeof body;
    } catch {
      return `${statusCode} is not valid JSON: ${response.body.slice(0, 200)}`;
    }
    if (body.success !== false || typeof body.error?.code !== 'string')
      return `${statusCode} outside the error envelope: ${response.body.slice(0, 300)}`;
    if (typeof body.error.message !== 'string' || body.error.message.trim() === '')
      return `${statusCode} without a message: ${response.body.slice(0, 300)}`;
  }
  return null;
}

/** Answers per route by flavour and status (v200, n400, h413…), printed with FUZZ_STATS=1. */
const statuses: Record<string, Record<string, number>> = {};
afterAll(() => {
  const all = Object.values(statuses).flatMap((tally) => Object.entries(tally));
  const count = (test: (slot: string) => boolean) =>
    all.filter(([slot]) => test(slot)).reduce((sum, [, n]) => sum + n, 0);
  console.info(
    `fuzz: ${count(() => true)} requests, ${count((slot) => slot[1] === '2')} accepted, ${count((slot) => slot[1] === '4')} refused (seed ${SEED})`,
  );
  if (process.env.FUZZ_STATS)
    for (const [key, tally] of Object.entries(statuses)) console.info(key.padEnd(66), JSON.stringify(tally));
});

function snapshot(): Promise<DbSnapshot> {
  return tracker.snapshot();
}

const serverErrors: string[] = [];

async function send(key: RouteKey, route: DeclaredRoute, request: Request): Promise<void> {
  try {
    await sendChecked(key, route, request);
  } catch (error) {
    // Whatever the request or the harness wrote before failing is not in the baseline.
    baseline = undefined;
    throw error;
  }
}

async function sendChecked(key: RouteKey, route: DeclaredRoute, request: Request): Promise<void> {
  wroteWhileResolving = false;
  victimRefreshToken = undefined;
  const built = await buildRequest(route, request);
  if (!baseline || wroteWhileResolving) baseline = await snapshot();
  serverErrors.length = 0;
  const response = await t.request(built.options);
  const problem = problemWith(route.url, response, built.sent);
  if (process.env.FUZZ_DEBUG)
    console.info(
      `${built.description.slice(0, 400)}\n=> ${response.statusCode} ${response.body.slice(0, 200)}\n`,
    );
  const tally = (statuses[key] ??= {});
  const slot = `${request.flavour[0]}${response.statusCode}`;
  tally[slot] = (tally[slot] ?? 0) + 1;
  const after = await snapshot();
  const before = baseline;
  baseline = after;
  const fail = (message: string) => {
    throw new Error(
      `${message}\n--- request ---\n${built.description}\n--- answer ${response.statusCode} ---\n${response.body.slice(0, 400)}` +
        (serverErrors.length > 0 ? `\n--- server log ---\n${serverErrors.join('').slice(0, 3000)}` : ''),
    );
  };
  if (problem) fail(problem);
  // The app runs in this process (inject): a polluted prototype would show here.
  const polluted = Object.keys(Object.prototype).concat(Object.keys(Array.prototype));
  if (polluted.length > 0 || ({} as { isAdmin?: unknown }).isAdmin !== undefined)
    fail(`the request polluted a prototype: ${polluted.join(', ')}`);
  const accepted = response.statusCode < 400;
  if (!accepted || route.method === 'GET') {
    const allowance = MAY_CHANGE_WHEN_REFUSED[key];
    const code = accepted ? undefined : response.json<{ error?: { code?: string } }>().error?.code;
    const allowed = accepted
      ? (READS_THAT_WRITE[key] ?? [])
      : allowance && (!allowance.codes || allowance.codes.includes(code ?? ''))
        ? allowance.tables
        : [];
    const changed = changedTables(before, after).filter((table) => !allowed.includes(table));
    if (changed.length > 0)
      fail(
        `${accepted ? 'a read' : `a refused request (${response.statusCode})`} changed ${changed.join(', ')}`,
      );
  } else if (route.url.startsWith('/api/user/') || route.url.startsWith('/api/auth/')) {
    if (await ensureCallers()) baseline = await snapshot();
  }
}

// ---------------------------------------------------------------------------------------------

/** Reads first and deletions last, so the rows the other routes aim at are still there. */
const ROUTE_ORDER = (Object.keys(ACCESS_TABLE) as RouteKey[])
  .filter((key) => !ONLY || key.includes(ONLY))
  .sort((a, b) => rank(a) - rank(b));

function rank(key: string): number {
  if (key.startsWith('GET ')) return 0;
  if (key.startsWith('DELETE ')) return 2;
  return 1;
}

/** A seed per route derived from SEED, so each route's requests do not depend on the others' count. */
function routeSeed(key: string): number {
  let hash = SEED | 0;
  for (let i = 0; i < key.length; i += 1) hash = (Math.imul(hash, 31) + key.charCodeAt(i)) | 0;
  return hash;
}

describe('fuzzed requests to every route', () => {
  for (const key of ROUTE_ORDER) {
    it(
      key,
      async () => {
        const route = declared.get(key);
        expect(route, `${key} is in ACCESS_TABLE but not in the app's route table`).toBeDefined();
        if (!route) return;
        fuzzed.add(key);
        const runs =
          key.startsWith('GET /api/docs') || key === 'GET /api/openapi.json' ? Math.min(RUNS, 3) : RUNS;
        const details = await fc.check(
          fc.asyncProperty(requestArb(route, CALLERS_BY_ACCESS[ACCESS_TABLE[key]]), (request) =>
            send(key, route, request),
          ),
          { numRuns: runs, seed: routeSeed(key), endOnFailure: true },
        );
        if (details.failed) {
          const error =
            details.errorInstance instanceof Error
              ? details.errorInstance.message
              : String(details.errorInstance);
          throw new Error(
            `${key}: ${error}\n--- reproduce ---\nFUZZ_SEED=${SEED} (route seed ${details.seed}, path ${details.counterexamplePath}, after ${details.numRuns} runs)`,
          );
        }
      },
      120_000,
    );
  }

  it.skipIf(ONLY)('covered every /api route of the app', () => {
    expect([...declared.keys()].filter((key) => !fuzzed.has(key))).toEqual([]);
  });

  it('compared whole snapshots: the write-tracked one equals hashing every table now', async () => {
    expect(await tracker.snapshot()).toEqual(await tracker.full());
  });
});
