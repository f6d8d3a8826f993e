import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  ManagerFormSchema,
  ManagerLinkUserSchema,
  ManagerListQuerySchema,
  ManagerSearchQuerySchema,
  ManagerUpdateSchema,
  managerFormToUpdate,
} from './managers';
import { VALIDATION } from './messages';

const fieldMessages = (result: v.SafeParseResult<v.GenericSchema>) =>
  Object.fromEntries((result.issues ?? []).map((issue) => [v.getDotPath(issue) ?? '', issue.message]));

describe('ManagerFormSchema', () => {
  it('outputs the payload: trimmed, e-mail lower-cased, empty phone and title absent, userId an integer', () => {
    const result = v.safeParse(ManagerFormSchema, {
      firstName: ' Ada ',
      lastName: 'Lovelace ',
      email: ' Ada@Example.COM',
      phone: '  ',
      title: '',
      userId: '12',
    });
    expect(result.success).toBe(true);
    expect(result.output).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phone: undefined,
      title: undefined,
      userId: 12,
      status: undefined,
    });
    expect(JSON.parse(JSON.stringify(result.output))).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      userId: 12,
    });
  });

  it("treats the 'none' user choice as no link", () => {
    const result = v.parse(ManagerFormSchema, {
      firstName: 'A',
      lastName: 'B',
      email: 'a@b.co',
      userId: 'none',
    });
    expect(result.userId).toBeUndefined();
  });

  it('reports the product’s messages per field', () => {
    const result = v.safeParse(ManagerFormSchema, { firstName: ' ', lastName: '', email: 'not-an-email' });
    expect(fieldMessages(result)).toEqual({
      firstName: VALIDATION.firstNameRequired,
      lastName: VALIDATION.lastNameRequired,
      email: VALIDATION.email,
    });
    expect(fieldMessages(v.safeParse(ManagerFormSchema, {}))).toEqual({
      firstName: VALIDATION.firstNameRequired,
      lastName: VALIDATION.lastNameRequired,
      email: VALIDATION.email,
    });
  });

  it('limits lengths and checks ids and status', () => {
    const result = v.safeParse(ManagerFormSchema, {
      firstName: 'x'.repeat(256),
      lastName: 'B',
      email: 'a@b.co',
      phone: '1'.repeat(256),
      userId: '1.5',
      status: 'RETIRED',
    });
    expect(fieldMessages(result)).toEqual({
      firstName: 'First name must be at most 255 characters',
      phone: 'Phone must be at most 255 characters',
      userId: 'userId must be a positive whole number',
      status: 'status must be one of ACTIVE, INACTIVE, SUSPENDED',
    });
  });
});

describe('ManagerUpdateSchema', () => {
  it('keeps absent fields absent and turns emptied ones into null (clear)', () => {
    expect(v.parse(ManagerUpdateSchema, { phone: '', userId: null, status: 'SUSPENDED' })).toEqual({
      phone: null,
      userId: null,
      status: 'SUSPENDED',
    });
  });

  it('refuses an empty body and emptied required fields', () => {
    expect(v.safeParse(ManagerUpdateSchema, {}).issues?.[0]?.message).toBe(
      'Send at least one field to change',
    );
    expect(fieldMessages(v.safeParse(ManagerUpdateSchema, { firstName: '', email: 'x' }))).toEqual({
      firstName: VALIDATION.firstNameRequired,
      email: VALIDATION.email,
    });
  });

  it('managerFormToUpdate sends every field, emptied ones as null', () => {
    const form = v.parse(ManagerFormSchema, { firstName: 'A', lastName: 'B', email: 'a@b.co', title: '' });
    expect(managerFormToUpdate(form)).toEqual({
      firstName: 'A',
      lastName: 'B',
      email: 'a@b.co',
      phone: null,
      title: null,
      userId: null,
    });
    expect(v.parse(ManagerUpdateSchema, managerFormToUpdate(form))).toEqual(managerFormToUpdate(form));
  });
});

describe('ManagerLinkUserSchema', () => {
  it('takes a positive integer userId only', () => {
    expect(v.parse(ManagerLinkUserSchema, { userId: 4 })).toEqual({ userId: 4 });
    expect(fieldMessages(v.safeParse(ManagerLinkUserSchema, { userId: null }))).toEqual({
      userId: 'userId is required',
    });
    for (const userId of ['4', 0, 1.5, 2 ** 31])
      expect(fieldMessages(v.safeParse(ManagerLinkUserSchema, { userId }))).toEqual({
        userId: 'userId must be a positive whole number',
      });
  });
});

describe('ManagerListQuerySchema', () => {
  it('defaults to createdAt desc, page 1, 10 rows; all/empty filters are none', () => {
    expect(v.parse(ManagerListQuerySchema, { status: 'all', linked: '' })).toEqual({
      page: 1,
      limit: 10,
      sortBy: 'createdAt',
      sortOrder: 'desc',
      search: undefined,
      status: undefined,
      linked: undefined,
    });
  });

  it('parses filters and sort, and names bad values', () => {
    expect(
      v.parse(ManagerListQuerySchema, {
        status: 'SUSPENDED',
        linked: 'no',
        sortBy: 'name',
        page: '2',
        limit: '100',
      }),
    ).toMatchObject({
      status: 'SUSPENDED',
      linked: 'no',
      sortBy: 'name',
      sortOrder: 'asc',
      page: 2,
      limit: 100,
    });
    expect(
      fieldMessages(v.safeParse(ManagerListQuerySchema, { linked: 'maybe', limit: '101', sortBy: 'phone' })),
    ).toEqual({
      linked: 'linked must be yes or no',
      limit: 'limit must be a whole number from 1 to 100',
      sortBy: 'sortBy must be one of name, firstName, lastName, email, title, status, createdAt, updatedAt',
    });
  });

  it('search needs q', () => {
    expect(fieldMessages(v.safeParse(ManagerSearchQuerySchema, { q: '  ' }))).toEqual({ q: 'q is required' });
    expect(v.parse(ManagerSearchQuerySchema, { q: ' ada ' })).toEqual({ q: 'ada', limit: 20 });
  });
});
