import Fastify, { type FastifyInstance } from 'fastify';
import { LogoutSchema, UserSchema } from 'shared-contracts';
import * as v from 'valibot';
import { afterEach, describe, expect, it } from 'vitest';
import { registerJsonBodyParser } from '../plugins/body-parser';
import { registerErrorHandler } from '../plugins/errors';
import { ok } from './envelope';
import { emptyOkSchema, okSchema } from './response-schemas';
import { serializerCompiler, validatorCompiler, type ValibotTypeProvider } from './valibot-type-provider';

const BodySchema = v.object({
  name: v.pipe(v.string('Name is required'), v.trim(), v.nonEmpty('Name is required')),
  size: v.optional(v.pipe(v.number('size must be a number'), v.integer('size must be a number')), 1),
});
const QuerySchema = v.object({ page: v.optional(v.pipe(v.string(), v.transform(Number)), '1') });

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function buildTestApp(declare: (app: FastifyInstance) => void): Promise<FastifyInstance> {
  app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerJsonBodyParser(app);
  declare(app);
  await app.ready();
  return app;
}

const user = {
  id: 7,
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: null,
  role: 'ADMIN' as const,
  isActive: true,
  createdAt: '2026-01-02T03:04:05.000Z',
  updatedAt: '2026-01-02T03:04:05.000Z',
};

describe('valibot route schemas', () => {
  it('validate with parseInput: the 400 envelope, field messages and the output the handler sees', async () => {
    const server = await buildTestApp((instance) => {
      instance.withTypeProvider<ValibotTypeProvider>().post(
        '/items',
        {
          schema: { body: BodySchema, querystring: QuerySchema, response: { 200: okSchema(v.unknown()) } },
        },
        async (request) => ok({ body: request.body, page: request.query.page }),
      );
    });

    const valid = await server.inject({ method: 'POST', url: '/items?page=3', payload: { name: '  Ada ' } });
    expect(valid.statusCode).toBe(200);
    expect(valid.json()).toEqual({ success: true, data: { body: { name: 'Ada', size: 1 }, page: 3 } });

    const invalid = await server.inject({ method: 'POST', url: '/items', payload: { name: ' ', size: 1.5 } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({
      success: false,
      error: {
        code: 'VALIDATION_ERROR',
        message: 'name: Name is required; size: size must be a number',
        fields: { name: 'Name is required', size: 'size must be a number' },
      },
    });

    // A missing key gets its field's own message, not valibot's generic "Invalid key".
    const missing = await server.inject({ method: 'POST', url: '/items', payload: {} });
    expect(missing.json().error.fields).toEqual({ name: 'Name is required' });
  });

  it('answer "must be a JSON object" for a missing body, an array or a scalar', async () => {
    const server = await buildTestApp((instance) => {
      instance.post('/items', { schema: { body: BodySchema } }, async () => ok(null));
    });
    const cases = [
      { headers: {}, payload: undefined },
      { headers: { 'content-type': 'application/json' }, payload: '' },
      { headers: { 'content-type': 'application/json' }, payload: '[]' },
      { headers: { 'content-type': 'application/json' }, payload: '"text"' },
    ];
    for (const { headers, payload } of cases) {
      const response = await server.inject({ method: 'POST', url: '/items', headers, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error).toEqual({
        code: 'VALIDATION_ERROR',
        message: 'The request body must be a JSON object',
      });
    }
  });

  it('let an optional body be absent', async () => {
    const server = await buildTestApp((instance) => {
      instance
        .withTypeProvider<ValibotTypeProvider>()
        .post(
          '/logout',
          { schema: { body: LogoutSchema, response: { 200: okSchema(v.unknown()) } } },
          async (request) => ok({ token: request.body?.refreshToken ?? 'none' }),
        );
    });
    const response = await server.inject({ method: 'POST', url: '/logout' });
    expect(response.json()).toEqual({ success: true, data: { token: 'none' } });
    const wrong = await server.inject({ method: 'POST', url: '/logout', payload: { refreshToken: 5 } });
    expect(wrong.json().error.fields).toEqual({ refreshToken: 'refreshToken must be text' });
  });

  it('serialize answers through the response schema: unknown properties never leave', async () => {
    const server = await buildTestApp((instance) => {
      instance.get('/me', { schema: { response: { 200: okSchema(UserSchema) } } }, async () => ({
        success: true,
        data: { ...user, passwordHash: '$argon2id$secret', title: undefined },
        debug: 'internal',
      }));
    });
    const response = await server.inject({ method: 'GET', url: '/me' });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('secret');
    expect(response.body).not.toContain('debug');
    expect(response.json()).toEqual({ success: true, data: user });
  });

  it('answer a 500 envelope, not a partial body, when an answer lacks a required property', async () => {
    const server = await buildTestApp((instance) => {
      instance.get('/me', { schema: { response: { 200: okSchema(UserSchema) } } }, async () => ({
        success: true,
        data: { id: 1 },
      }));
    });
    const response = await server.inject({ method: 'GET', url: '/me' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      success: false,
      error: { code: 'INTERNAL_ERROR', message: expect.any(String) },
    });
  });

  it('serialize null data and nullable fields', async () => {
    const server = await buildTestApp((instance) => {
      instance.delete('/items/1', { schema: { response: { 200: emptyOkSchema } } }, async () => ok(null));
    });
    const response = await server.inject({ method: 'DELETE', url: '/items/1' });
    expect(response.json()).toEqual({ success: true, data: null });
  });

  it('refuse to start when a response schema cannot be expressed as JSON Schema', async () => {
    await expect(
      buildTestApp((instance) => {
        instance.get('/when', { schema: { response: { 200: okSchema(v.date()) } } }, async () =>
          ok(new Date()),
        );
      }),
    ).rejects.toThrow(/GET \/when: the 200 response schema cannot be serialized: The "date" schema/);
  });

  it('refuse to start when a request schema is not a valibot schema', async () => {
    await expect(
      buildTestApp((instance) => {
        instance.post('/raw', { schema: { body: { type: 'object' } } }, async () => ok(null));
      }),
    ).rejects.toThrow(/POST \/raw: the body schema must be a shared-contracts valibot schema/);
  });
});
