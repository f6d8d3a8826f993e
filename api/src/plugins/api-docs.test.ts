import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValibotSchema } from '../http/valibot-type-provider';
import { build, type TestContext } from '../test/build';
import { DOCS_PREFIX, OPENAPI_PATH } from './api-docs';
import { routeAccess } from './auth';

/**
 * The API description stays complete: every /api route of the app's own route table declares its
 * inputs and answers with shared-contracts schemas, and /api/openapi.json describes exactly those
 * routes. A route added without declarations fails here.
 */

/** Writes that take no request body (everything they need is in the path). Add new ones deliberately. */
const BODILESS_WRITES = new Set([
  'DELETE /api/user/users/:id',
  'PUT /api/user/users/:id/reactivate',
  'PUT /api/user/users/:id/deactivate',
  'DELETE /api/company/companies/:id',
  'PUT /api/company/companies/:id/reactivate',
  'PUT /api/company/companies/:id/deactivate',
  'POST /api/company/companies/:id/refresh-qb-token',
  'POST /api/company/companies/:id/qb-connect',
  'POST /api/company/companies/:id/qb-disconnect',
  'POST /api/company/companies/:id/qb-sync',
  'DELETE /api/company/companies/:id/vendor-accounts/:accountId',
  'POST /api/bill-approval/approvals/:id/nacha',
  'PUT /api/bill-approval/approvals/:id/bank-uploaded',
  'PUT /api/bill-approval/approvals/:id/payment-completed',
  'POST /api/bill-approval/approvals/:id/qb-bill-payments/retry',
  'DELETE /api/manager/managers/:id',
  'PUT /api/manager/managers/:id/unlink-user',
  'DELETE /api/bill-approval/approvals/:id',
  'DELETE /api/auth/sessions/:id',
  'POST /api/auth/sessions/sign-out-others',
  'POST /api/user/users/:id/sessions/end',
  'POST /api/user/users/:id/factor-reset',
  'POST /api/auth/step-up/options',
  'POST /api/user/security/totp',
  'POST /api/user/security/passkeys/options',
  'DELETE /api/user/security/factors/:id',
  'POST /api/user/security/recovery-codes',
]);

interface Operation {
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
}
interface OpenApiDocument {
  openapi: string;
  tags: { name: string }[];
  components: {
    securitySchemes: Record<string, { type: string; scheme: string }>;
    schemas: Record<string, { properties?: Record<string, unknown> }>;
  };
  paths: Record<string, Record<string, Operation>>;
}

type Route = RouteOptions & { method: string };

let t: TestContext;
const routes: Route[] = [];
let document: OpenApiDocument;

beforeAll(async () => {
  t = await build({
    seed: false,
    app: {
      onRoute(route) {
        for (const method of [route.method].flat()) {
          if (method !== 'HEAD') routes.push({ ...route, method });
        }
      },
    },
  });
  const response = await t.request({ method: 'GET', url: OPENAPI_PATH });
  expect(response.statusCode).toBe(200);
  document = response.json<OpenApiDocument>();
});
afterAll(async () => {
  await t?.close();
});

const isDocsRoute = (url: string) => url === OPENAPI_PATH || url.startsWith(DOCS_PREFIX);
const apiRoutes = () => routes.filter((route) => route.url.startsWith('/api/') && !isDocsRoute(route.url));
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\/$/, '');
const nameOf = (route: Route) => `${route.method} ${route.url}`;
const schemaOf = (route: Route) =>
  (route.schema ?? {}) as {
    summary?: string;
    tags?: string[];
    hide?: boolean;
    params?: unknown;
    querystring?: unknown;
    body?: unknown;
    response?: Record<string, unknown>;
  };

/** A declared answer: a valibot schema, or fileSchema()'s media types each with one. */
function isDeclaredAnswer(answer: unknown): boolean {
  if (isValibotSchema(answer)) return true;
  const content = (answer as { content?: Record<string, { schema: unknown }> } | undefined)?.content;
  return (
    !!content &&
    Object.values(content).length > 0 &&
    Object.values(content).every((m) => isValibotSchema(m.schema))
  );
}

describe('the route table', () => {
  it('has the routes of every module (the table is really read)', () => {
    expect(apiRoutes().length).toBeGreaterThanOrEqual(60);
    expect(apiRoutes().map(nameOf)).toEqual(
      expect.arrayContaining(['GET /api/user/users', 'PUT /api/bill-approval/approvals/:id/approve']),
    );
  });

  it('hides only the documentation routes themselves from the description', () => {
    const hidden = routes.filter((route) => route.url.startsWith('/api') && schemaOf(route).hide);
    expect(hidden.length).toBeGreaterThan(0);
    expect(hidden.filter((route) => !isDocsRoute(route.url)).map(nameOf)).toEqual([]);
    expect(
      apiRoutes()
        .filter((route) => schemaOf(route).hide)
        .map(nameOf),
    ).toEqual([]);
  });

  it('declares a summary, a tag and a declared answer for every success status of every /api route', () => {
    const problems: string[] = [];
    const knownTags = new Set(document.tags.map((tag) => tag.name));
    for (const route of apiRoutes()) {
      const schema = schemaOf(route);
      if (!schema.summary) problems.push(`${nameOf(route)}: no summary`);
      if (!schema.tags?.length || !schema.tags.every((tag) => knownTags.has(tag))) {
        problems.push(`${nameOf(route)}: no tag, or one the description does not list`);
      }
      const answers = Object.entries(schema.response ?? {});
      if (!answers.some(([status]) => /^2\d\d$/.test(status)))
        problems.push(`${nameOf(route)}: no 2xx answer`);
      for (const [status, answer] of answers) {
        if (!isDeclaredAnswer(answer))
          problems.push(`${nameOf(route)}: the ${status} answer is not a schema`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('declares the path parameters, and the query and body as shared-contracts schemas', () => {
    const problems: string[] = [];
    for (const route of apiRoutes()) {
      const schema = schemaOf(route);
      const pathParams = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]);
      if (pathParams.length > 0) {
        const entries = (schema.params as { entries?: Record<string, unknown> } | undefined)?.entries;
        if (!isValibotSchema(schema.params) || !entries) {
          problems.push(`${nameOf(route)}: path parameters not declared`);
        } else if (Object.keys(entries).sort().join() !== pathParams.sort().join()) {
          problems.push(`${nameOf(route)}: params declare ${Object.keys(entries)} for ${pathParams}`);
        }
      }
      for (const part of ['querystring', 'body'] as const) {
        if (schema[part] !== undefined && !isValibotSchema(schema[part])) {
          problems.push(`${nameOf(route)}: the ${part} is not a shared-contracts schema`);
        }
      }
      const writes = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method);
      if (writes && schema.body === undefined && !BODILESS_WRITES.has(nameOf(route))) {
        problems.push(`${nameOf(route)}: a write without a declared body (or list it in BODILESS_WRITES)`);
      }
      if (schema.body !== undefined && BODILESS_WRITES.has(nameOf(route))) {
        problems.push(`${nameOf(route)}: declares a body but is listed in BODILESS_WRITES`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('GET /api/openapi.json', () => {
  it('is OpenAPI 3.1 with bearer authentication', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(Object.keys(document.components.schemas.ApiFailure?.properties ?? {})).toEqual([
      'success',
      'error',
    ]);
  });

  it('describes exactly the /api routes, each with its parameters, body, answers, errors and auth', () => {
    const problems: string[] = [];
    const described = new Set<string>();
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const method of Object.keys(operations)) described.add(`${method.toUpperCase()} ${path}`);
    }
    const expected = new Set(apiRoutes().map((route) => `${route.method} ${openApiPath(route.url)}`));
    expect([...described].filter((name) => !expected.has(name))).toEqual([]);

    for (const route of apiRoutes()) {
      const name = nameOf(route);
      const operation = document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      if (!operation) {
        problems.push(`${name}: missing from the description`);
        continue;
      }
      const schema = schemaOf(route);
      if (operation.summary !== schema.summary) problems.push(`${name}: summary`);
      if (!operation.tags?.length) problems.push(`${name}: tags`);
      const pathParams = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]);
      for (const param of pathParams) {
        if (!operation.parameters?.some((p) => p.in === 'path' && p.name === param)) {
          problems.push(`${name}: path parameter ${param}`);
        }
      }
      const queryEntries = Object.keys(
        (schema.querystring as { entries?: object; pipe?: { entries?: object }[] } | undefined)?.entries ??
          (schema.querystring as { pipe?: { entries?: object }[] } | undefined)?.pipe?.[0]?.entries ??
          {},
      );
      for (const param of queryEntries) {
        if (!operation.parameters?.some((p) => p.in === 'query' && p.name === param)) {
          problems.push(`${name}: query parameter ${param}`);
        }
      }
      if (schema.body !== undefined && !operation.requestBody?.content['application/json']?.schema) {
        problems.push(`${name}: request body`);
      }
      const success = Object.entries(operation.responses).filter(([status]) => /^2\d\d$/.test(status));
      if (success.length === 0 || !success.every(([, response]) => response.content)) {
        problems.push(`${name}: success answer without content`);
      }
      // Every error answer is the envelope (one shared schema).
      for (const [status, response] of Object.entries(operation.responses)) {
        if (/^2\d\d$/.test(status)) continue;
        const errorSchema = response.content?.['application/json']?.schema as { $ref?: string } | undefined;
        if (errorSchema?.$ref !== '#/components/schemas/ApiFailure')
          problems.push(`${name}: ${status} not the envelope`);
      }
      if (!operation.responses.default) problems.push(`${name}: no default error answer`);
      const inputs = schema.params ?? schema.querystring ?? schema.body;
      if (inputs && !operation.responses['400']) problems.push(`${name}: no 400`);

      const access = routeAccess(route.onRequest);
      const bearer = operation.security?.some((requirement) => 'bearerAuth' in requirement) ?? false;
      if (bearer !== access.signedIn)
        problems.push(`${name}: bearer ${bearer}, but signed in ${access.signedIn}`);
      if (access.signedIn && !operation.responses['401']) problems.push(`${name}: no 401`);
      if (access.signedIn && access.role && !operation.responses['403']) problems.push(`${name}: no 403`);
    }
    expect(problems).toEqual([]);
  });
});

describe('GET /api/docs', () => {
  it('serves Swagger UI and its assets from this origin, under the app’s Content-Security-Policy', async () => {
    const page = await t.request({ method: 'GET', url: DOCS_PREFIX });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    // No inline script: every script is a file of this origin.
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    const scripts = [...page.body.matchAll(/<script[^>]*src="([^"]+)"/g)].map((match) => match[1]!);
    expect(scripts.length).toBeGreaterThanOrEqual(3);
    for (const src of [
      ...scripts,
      ...[...page.body.matchAll(/<link[^>]*href="([^"]+)"/g)].map((m) => m[1]!),
    ]) {
      expect(src.startsWith(`${DOCS_PREFIX}/static/`), src).toBe(true);
      const asset = await t.request({ method: 'GET', url: src });
      expect(asset.statusCode, src).toBe(200);
      // Revalidated by ETag, not downloaded again on every visit like an API answer.
      expect(asset.headers['cache-control'], src).not.toBe('no-store');
      if (src.endsWith('swagger-ui-bundle.js')) expect(asset.headers.etag, src).toBeTruthy();
    }
    // The page loads the same description as /api/openapi.json.
    const json = await t.request({ method: 'GET', url: `${DOCS_PREFIX}/json` });
    expect(json.json()).toEqual(document);
  });
});
