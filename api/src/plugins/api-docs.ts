import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import type * as v from 'valibot';
import type { AppConfig } from '../config';
import { openWhileEnrolling } from '../http/enrolment-routes';
import { failureSchema } from '../http/response-schemas';
import { answerJsonSchema, isValibotSchema, requestJsonSchema } from '../http/valibot-type-provider';
import { routeAccess } from './auth';

/** Where the API description and its reference page are served. */
export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PREFIX = '/api/docs';

const BEARER = 'bearerAuth';

const TAGS = [
  {
    name: 'Auth',
    description:
      'Sign-in and its second step, token refresh, step-up, sign-out, the signed-in user, creating users',
  },
  {
    name: 'Security',
    description: 'The signed-in person’s second factors: authenticator apps, passkeys, recovery codes',
  },
  { name: 'Users', description: 'User accounts, roles, activity statistics, the own profile and password' },
  { name: 'Companies', description: 'Companies, their assignees, activity and QuickBooks tokens' },
  { name: 'Payments', description: 'Bank file settings, vendor bank accounts and NACHA files' },
  { name: 'Managers', description: 'Managers and their linked user accounts' },
  { name: 'Approvals', description: 'Bill approvals: list, decisions, bulk decisions, history, export' },
  {
    name: 'Approval policies',
    description: "Per company, versioned: who approves which bills in which order; 'Try a bill'",
  },
  { name: 'Dashboard', description: 'Headline counts and recent activity' },
  {
    name: 'Audit',
    description: 'Every recorded action across the console, filtered and exported as CSV (ADMIN)',
  },
  { name: 'Health', description: 'Liveness and system health' },
  { name: 'Events', description: 'The live console: a Server-Sent Events stream of changes' },
  {
    name: 'QuickBooks',
    description: "Intuit's change notifications (webhooks), verified by their signature",
  },
];

const DESCRIPTION = `Every JSON answer is an envelope: \`{ "success": true, "data": … }\` (lists add
\`meta.pagination\`), or \`{ "success": false, "error": { "message", "code", "fields"?, "details"? } }\`
for every 4xx and 5xx. \`error.code\` is stable (VALIDATION_ERROR, UNAUTHORIZED, FORBIDDEN, NOT_FOUND,
CONFLICT, TOO_MANY_REQUESTS, …); \`error.fields\` names each invalid field of a 400.

Sign in with \`POST /api/auth/login\` and send the access token as \`Authorization: Bearer <token>\`
(it lasts 15 minutes; \`POST /api/auth/refresh\` rotates the refresh token for a new pair).`;

type Json = Record<string, unknown>;

/** Marks the error envelope in a route's responses; transformObject swaps in a reference to it. */
const FAILURE_MARK = 'x-api-failure';
const FAILURE_REF = '#/components/schemas/ApiFailure';

const failure = (description: string) => ({
  description,
  content: { 'application/json': { schema: { ...answerJsonSchema(failureSchema), [FAILURE_MARK]: true } } },
});

/** Every error answer refers to one `ApiFailure` schema instead of repeating it. */
function referFailures(document: Json): void {
  const paths = (document.paths ?? {}) as Record<
    string,
    Record<string, { responses?: Record<string, Json> }>
  >;
  for (const operations of Object.values(paths)) {
    for (const operation of Object.values(operations)) {
      for (const response of Object.values(operation.responses ?? {})) {
        const media = (response.content as Record<string, { schema?: Json }> | undefined)?.[
          'application/json'
        ];
        if (media?.schema?.[FAILURE_MARK]) media.schema = { $ref: FAILURE_REF };
      }
    }
  }
  const components = (document.components ??= {}) as { schemas?: Json };
  components.schemas = { ...components.schemas, ApiFailure: answerJsonSchema(failureSchema) };
}

const SUCCESS = { 200: 'OK', 201: 'Created' } as Record<string, string>;

/**
 * Path and query values arrive as text; the schemas also take the typed value (`intFromString`:
 * `"12"` or `12`), which JSON Schema says as `anyOf: [string, number]`. A parameter is text, so
 * describe what the text must hold: an integer, a boolean.
 */
function textParameters(schema: unknown): unknown {
  const properties = (schema as { properties?: Record<string, Json> } | undefined)?.properties;
  if (!properties) return schema;
  for (const [name, property] of Object.entries(properties)) {
    const anyOf = property.anyOf as Json[] | undefined;
    if (!Array.isArray(anyOf) || anyOf.length !== 2 || !anyOf.some((item) => item.type === 'string'))
      continue;
    const typed = anyOf.find((item) => item.type !== 'string');
    if (typed?.type !== 'number' && typed?.type !== 'boolean' && typed?.type !== 'integer') continue;
    const { anyOf: _union, ...rest } = property;
    properties[name] = { ...rest, type: typed.type === 'number' ? 'integer' : typed.type };
  }
  return schema;
}

/**
 * `v.optional(v.string(), '')` before `v.nonEmpty(…)` reads a missing field as '' so that its own
 * message answers: the schema then says `default: ''` with `minLength: 1`, which contradicts
 * itself. The field is simply required in effect; drop the default.
 */
function dropEmptyDefaults<T>(node: T): T {
  if (Array.isArray(node)) return node.map((item) => dropEmptyDefaults(item)) as T;
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node as Json)) out[key] = dropEmptyDefaults(value);
  if (out.default === '' && typeof out.minLength === 'number' && out.minLength > 0) delete out.default;
  return out as T;
}

/** A response of a route's declaration as the description shows it. */
function describeResponse(status: string, declared: unknown): Json {
  if (isValibotSchema(declared)) {
    return { 'x-response-description': SUCCESS[status] ?? 'OK', ...answerJsonSchema(declared) };
  }
  // fileSchema(): { description, content: { type: { schema } }, headers? }
  const { content, ...rest } = declared as { content?: Record<string, { schema: unknown }> };
  if (!content) return declared as Json;
  return {
    ...rest,
    content: Object.fromEntries(
      Object.entries(content).map(([type, { schema }]) => [
        type,
        { schema: isValibotSchema(schema) ? answerJsonSchema(schema) : schema },
      ]),
    ),
  };
}

/**
 * The route's declared valibot schemas as JSON Schema, the error answers it can give (each in the
 * envelope), and the bearer requirement from its onRequest hook (`authenticate`/`requireRole`).
 */
function describeRoute(schema: FastifySchema, route: RouteOptions): FastifySchema {
  const { params, querystring, body, response, description, ...rest } = schema as FastifySchema & {
    description?: string;
  };
  const out: Json = { ...rest };
  const request = (part: unknown) =>
    isValibotSchema(part) ? dropEmptyDefaults(requestJsonSchema(part)) : part;
  if (params) out.params = textParameters(request(params));
  if (querystring) out.querystring = textParameters(request(querystring));
  if (body) out.body = request(body);

  const responses: Json = {};
  for (const [status, declared] of Object.entries((response ?? {}) as Json)) {
    responses[status] = describeResponse(status, declared);
  }
  if (params || querystring || body) {
    responses[400] = failure('Invalid input: VALIDATION_ERROR with a message per field in `error.fields`');
  }
  const access = routeAccess(route.onRequest);
  const notes: string[] = description ? [description] : [];
  if (access.signedIn) {
    out.security = [{ [BEARER]: [] }];
    responses[401] = failure('No valid access token, or the session has ended (UNAUTHORIZED)');
    if (access.role) {
      notes.push(`Requires the ${access.role} role or a higher one.`);
      responses[403] = failure(`The caller's role is below ${access.role} (FORBIDDEN)`);
    } else {
      notes.push('Any signed-in role.');
    }
    if (access.stepUp) {
      notes.push('Also needs a second factor given within STEP_UP_MINUTES (POST /api/auth/step-up).');
      responses[403] = failure(
        access.role
          ? `The caller's role is below ${access.role} (FORBIDDEN), or no fresh second factor (STEP_UP_REQUIRED)`
          : 'No second factor given within STEP_UP_MINUTES (STEP_UP_REQUIRED)',
      );
    }
    // Someone who must add a second factor first (the token's mfa_enrol) gets only enrolment.
    const method = [route.method].flat()[0] ?? 'GET';
    if (!openWhileEnrolling(method, route.url)) {
      const refused = (responses[403] as { description?: string } | undefined)?.description;
      const enrol = 'must add a second factor first (MFA_ENROLMENT_REQUIRED)';
      responses[403] = failure(refused ? `${refused}, or the caller ${enrol}` : `The caller ${enrol}`);
    }
  } else {
    out.security = [];
  }
  if (params) responses[404] = failure('No such record (NOT_FOUND)');
  responses.default = failure(
    'Any other error in the same envelope: 409 CONFLICT, 413, 415, 429 TOO_MANY_REQUESTS (with Retry-After), 5xx',
  );
  out.response = responses;
  if (notes.length > 0) out.description = notes.join(' ');
  return out as FastifySchema;
}

/** Request bodies a route may leave out (an optional valibot schema): OpenAPI says required otherwise. */
function optionalBodies(document: Json, optional: Set<string>): void {
  const paths = (document.paths ?? {}) as Record<string, Record<string, { requestBody?: Json }>>;
  for (const key of optional) {
    const [method, url] = key.split(' ') as [string, string];
    const body = paths[url]?.[method]?.requestBody;
    if (body) body.required = false;
  }
}

/**
 * The API description: OpenAPI 3.1 generated by @fastify/swagger from the route
 * declarations (their valibot schemas through @valibot/to-json-schema), served at
 * /api/openapi.json, and Swagger UI at /api/docs (@fastify/swagger-ui, its scripts and styles
 * served from this origin, so the Content-Security-Policy of security-headers.ts holds as is).
 * Registered before the routes: @fastify/swagger collects them as they are added.
 */
export async function registerApiDocs(app: FastifyInstance, config: AppConfig): Promise<void> {
  const optional = new Set<string>();
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: config.productName, version: config.version, description: DESCRIPTION },
      tags: TAGS,
      components: {
        securitySchemes: {
          [BEARER]: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'The accessToken of POST /api/auth/login or /api/auth/refresh',
          },
        },
      },
    },
    transform: ({ schema, url, route }) => {
      // Only the API is described (not /remotes.json or the static files), and not the docs themselves.
      if (!url.startsWith('/api/')) return { schema: { ...schema, hide: true }, url };
      if (!schema || schema.hide) return { schema, url };
      const body = (schema as { body?: unknown }).body;
      if (isValibotSchema(body) && (body as v.GenericSchema).type === 'optional') {
        const pathUrl = url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
        for (const method of [route.method].flat()) optional.add(`${method.toLowerCase()} ${pathUrl}`);
      }
      return { schema: describeRoute(schema, route), url };
    },
    transformObject: (documentObject) => {
      const document = 'openapiObject' in documentObject ? documentObject.openapiObject : {};
      optionalBodies(document as Json, optional);
      referFailures(document as Json);
      return document;
    },
  });

  app.get(OPENAPI_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(app.swagger()),
  );

  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    theme: { title: `${config.productName} reference` },
    uiConfig: { deepLinking: true, docExpansion: 'list', defaultModelsExpandDepth: 0 },
  });
}
