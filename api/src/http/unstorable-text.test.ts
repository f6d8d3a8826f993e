/**
 * Text PostgreSQL cannot store (a NUL byte, a lone UTF-16 surrogate) and bodies that are not
 * valid UTF-8 are refused with 400 naming the field, on every route, before any SQL runs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from 'shared-contracts';
import { build, errorOf, type TestContext } from '../test/build';

let t: TestContext;
let admin = '';

beforeAll(async () => {
  t = await build();
  admin = (await t.login('admin@example.com')).tokens.accessToken;
});
afterAll(async () => t?.close());

const LISTS = ['/api/company/companies', '/api/user/users', '/api/manager/managers'];

describe('a NUL byte', () => {
  it.each(LISTS)('in ?search= of %s is a 400 on search', async (url) => {
    const response = await t.request({ method: 'GET', url: `${url}?search=%00`, token: admin });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields).toEqual({ search: expect.stringMatching(/NUL/) });
  });

  it('in ?q= of the company search is a 400 on q', async () => {
    const response = await t.request({
      method: 'GET',
      url: '/api/company/companies/search?q=a%00b',
      token: admin,
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields).toEqual({ q: expect.stringMatching(/NUL/) });
  });

  it('in a company name is a 400 on name', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/company/companies',
      token: admin,
      payload: { name: 'a\u0000b' },
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({
      code: ERROR_CODES.validation,
      fields: { name: expect.stringMatching(/NUL/) },
    });
  });

  it('in firstName of register is a 400 on firstName', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/auth/register',
      token: admin,
      payload: { email: 'nul@example.com', password: 'Password123!', firstName: 'a\u0000' },
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields).toEqual({ firstName: expect.stringMatching(/NUL/) });
  });

  it('in a sign-in password is a 400, not a guess', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'admin@example.com', password: 'Password\u0000123!' },
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields).toEqual({ password: expect.stringMatching(/NUL/) });
  });
});

describe('a lone surrogate', () => {
  it('in a company name on create is a 400, not silently replaced', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/company/companies',
      token: admin,
      headers: { 'content-type': 'application/json' },
      payload: '{"name":"\\ud800"}',
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields).toEqual({ name: expect.stringMatching(/Unicode/) });
  });

  it('in a company name on edit is a 400, not a 500 from the activity row', async () => {
    const list = await t.request({ method: 'GET', url: '/api/company/companies', token: admin });
    const id = list.json<{ data: Array<{ id: number }> }>().data[0]!.id;
    const response = await t.request({
      method: 'PUT',
      url: `/api/company/companies/${id}`,
      token: admin,
      headers: { 'content-type': 'application/json' },
      payload: '{"name":"ok \\udc00 ok"}',
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields).toEqual({ name: expect.stringMatching(/Unicode/) });
  });

  it('in a JSON key is a 400 too', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/company/companies',
      token: admin,
      headers: { 'content-type': 'application/json' },
      payload: '{"name":"fine","\\ud800":"x"}',
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('invalid UTF-8 in a body', () => {
  it('is a 400 saying so, not stored as U+FFFD', async () => {
    const payload = Buffer.concat([
      Buffer.from('{"name":"Caf'),
      Buffer.from([0xe9]), // Latin-1 é: not UTF-8
      Buffer.from(' Bad Bytes"}'),
    ]);
    const response = await t.request({
      method: 'POST',
      url: '/api/company/companies',
      token: admin,
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({
      code: ERROR_CODES.malformedJson,
      message: 'The request body is not valid UTF-8',
    });
    const search = await t.request({
      method: 'GET',
      url: '/api/company/companies/search?q=Bad%20Bytes',
      token: admin,
    });
    expect(search.json<{ data: unknown[] }>().data).toEqual([]);
  });
});

it('ordinary non-ASCII text (accents, emoji) is still accepted', async () => {
  const response = await t.request({
    method: 'POST',
    url: '/api/company/companies',
    token: admin,
    payload: { name: 'Café Zürich 🍰' },
  });
  expect(response.statusCode).toBe(201);
  expect(response.json<{ data: { name: string } }>().data.name).toBe('Café Zürich 🍰');
});
