import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  COMPANY_ERRORS,
  CompanyAssignmentSchema,
  CompanyCreateSchema,
  CompanyFormSchema,
  CompanyListQuerySchema,
  CompanySearchQuerySchema,
  CompanyUpdateSchema,
  companyFormToUpdate,
  isAssignmentBody,
  isWebsiteUrl,
  normaliseWebsite,
} from './companies';
import { VALIDATION } from './messages';

const messages = (result: { issues?: Array<{ message: string }> }) =>
  result.issues?.map((issue) => issue.message) ?? [];
const fieldMessages = (result: v.SafeParseResult<v.GenericSchema>) =>
  Object.fromEntries((result.issues ?? []).map((issue) => [v.getDotPath(issue) ?? '', issue.message]));

describe('CompanyFormSchema', () => {
  it('is the create schema', () => {
    expect(CompanyCreateSchema).toBe(CompanyFormSchema);
  });

  it('outputs the payload: trimmed, empty optional values dropped, ids as integers', () => {
    const result = v.safeParse(CompanyFormSchema, {
      name: '  Acme Corp ',
      email: ' AP@Acme.COM ',
      phone: '',
      website: 'acme.com',
      address: '   ',
      description: 'Widgets',
      industry: 'Technology',
      managerId: '3',
      processorId: 7,
      approverId: '',
      accountantId: null,
    });
    expect(result.success).toBe(true);
    expect(JSON.parse(JSON.stringify(result.output))).toEqual({
      name: 'Acme Corp',
      email: 'ap@acme.com',
      website: 'https://acme.com',
      description: 'Widgets',
      industry: 'Technology',
      managerId: 3,
      processorId: 7,
    });
  });

  it('accepts a name alone', () => {
    expect(v.safeParse(CompanyFormSchema, { name: 'X' }).output).toEqual({ name: 'X' });
  });

  it('requires a name: missing, empty or blank', () => {
    for (const input of [{}, { name: '' }, { name: '   ' }, { name: null }]) {
      expect(fieldMessages(v.safeParse(CompanyFormSchema, input))).toEqual({
        name: VALIDATION.companyNameRequired,
      });
    }
  });

  it('allows 255 characters of name and refuses 256', () => {
    expect(v.safeParse(CompanyFormSchema, { name: 'a'.repeat(255) }).success).toBe(true);
    expect(fieldMessages(v.safeParse(CompanyFormSchema, { name: 'a'.repeat(256) }))).toEqual({
      name: VALIDATION.companyNameTooLong,
    });
    // Measured after trimming.
    expect(v.safeParse(CompanyFormSchema, { name: ` ${'a'.repeat(255)} ` }).success).toBe(true);
  });

  it('says Invalid email address for a bad or over-long email', () => {
    for (const email of ['nope', 'a@', '@b.com', 'a b@c.com', `${'a'.repeat(250)}@b.com`]) {
      expect(fieldMessages(v.safeParse(CompanyFormSchema, { name: 'X', email }))).toEqual({
        email: VALIDATION.companyEmail,
      });
    }
  });

  it('says Invalid website URL for anything but an http(s) URL with a dotted host', () => {
    for (const website of [
      'not a url',
      'ftp://example.com',
      'mailto:a@b.com',
      'javascript:alert(1)',
      'http://',
      'https://localhost-ish',
      'example',
      'http://exa mple.com',
    ]) {
      expect(fieldMessages(v.safeParse(CompanyFormSchema, { name: 'X', website })), website).toEqual({
        website: VALIDATION.companyWebsite,
      });
    }
  });

  it('normalises a bare host to https and keeps given schemes', () => {
    expect(normaliseWebsite('example.com')).toBe('https://example.com');
    expect(normaliseWebsite('www.example.com:8080/about')).toBe('https://www.example.com:8080/about');
    expect(normaliseWebsite('http://example.com')).toBe('http://example.com');
    expect(normaliseWebsite('ftp://example.com')).toBe('ftp://example.com');
    expect(isWebsiteUrl('http://localhost:3000')).toBe(true);
    expect(isWebsiteUrl('https://sub.example.co.uk/path?q=1')).toBe(true);
  });

  it('limits free text with clear messages', () => {
    const result = v.safeParse(CompanyFormSchema, {
      name: 'X',
      phone: '1'.repeat(256),
      address: 'a'.repeat(5001),
      description: 'd'.repeat(5001),
    });
    expect(fieldMessages(result)).toEqual({
      phone: 'Phone must be at most 255 characters',
      address: 'Address must be at most 5000 characters',
      description: 'Description must be at most 5000 characters',
    });
  });

  it('takes industry only from the list', () => {
    expect(fieldMessages(v.safeParse(CompanyFormSchema, { name: 'X', industry: 'Mining' }))).toEqual({
      industry: 'Choose an industry from the list',
    });
    expect(v.safeParse(CompanyFormSchema, { name: 'X', industry: 'Food & Beverage' }).success).toBe(true);
  });

  it('takes assignee ids as positive whole numbers', () => {
    for (const managerId of [0, -1, 1.5, 'abc', '1e3', true, 2 ** 31]) {
      expect(
        fieldMessages(v.safeParse(CompanyFormSchema, { name: 'X', managerId })),
        String(managerId),
      ).toEqual({
        managerId: 'managerId must be a positive whole number',
      });
    }
  });
});

describe('CompanyUpdateSchema', () => {
  it('leaves absent fields absent and turns null or empty into null (clear)', () => {
    const result = v.safeParse(CompanyUpdateSchema, {
      email: null,
      phone: '',
      processorId: null,
      website: 'x.io',
    });
    expect(result.output).toEqual({ email: null, phone: null, processorId: null, website: 'https://x.io' });
  });

  it('requires a non-empty name when the name is sent', () => {
    expect(fieldMessages(v.safeParse(CompanyUpdateSchema, { name: '' }))).toEqual({
      name: VALIDATION.companyNameRequired,
    });
    expect(fieldMessages(v.safeParse(CompanyUpdateSchema, { name: null }))).toEqual({
      name: VALIDATION.companyNameRequired,
    });
  });

  it('refuses an empty body', () => {
    expect(messages(v.safeParse(CompanyUpdateSchema, {}))).toEqual([COMPANY_ERRORS.emptyUpdate]);
  });

  it('companyFormToUpdate sends every field, empty ones as null', () => {
    const form = v.parse(CompanyFormSchema, { name: 'X', email: '', managerId: '4' });
    expect(companyFormToUpdate(form)).toEqual({
      name: 'X',
      email: null,
      phone: null,
      website: null,
      address: null,
      description: null,
      industry: null,
      managerId: 4,
      processorId: null,
      approverId: null,
      accountantId: null,
    });
  });
});

describe('CompanyAssignmentSchema', () => {
  it('takes exactly one assignee id, an integer or null', () => {
    expect(v.parse(CompanyAssignmentSchema, { processorId: 5 })).toEqual({ field: 'processorId', value: 5 });
    expect(v.parse(CompanyAssignmentSchema, { managerId: null })).toEqual({
      field: 'managerId',
      value: null,
    });
  });

  it('refuses none, two, or another field', () => {
    for (const input of [{}, { managerId: 1, processorId: 2 }, { managerId: 1, name: 'x' }]) {
      expect(messages(v.safeParse(CompanyAssignmentSchema, input))).toEqual([COMPANY_ERRORS.assignmentShape]);
    }
  });

  it('refuses a non-integer id', () => {
    expect(fieldMessages(v.safeParse(CompanyAssignmentSchema, { approverId: 'x' }))).toEqual({
      approverId: 'approverId must be a positive whole number or null',
    });
  });

  it('isAssignmentBody spots bodies of assignee ids only', () => {
    expect(isAssignmentBody({ managerId: null })).toBe(true);
    expect(isAssignmentBody({ managerId: 1, approverId: 2 })).toBe(true);
    expect(isAssignmentBody({ managerId: 1, name: 'x' })).toBe(false);
    expect(isAssignmentBody({})).toBe(false);
    expect(isAssignmentBody(null)).toBe(false);
  });
});

describe('CompanyListQuerySchema', () => {
  it('defaults to page 1, limit 10, createdAt desc', () => {
    expect(v.parse(CompanyListQuerySchema, {})).toEqual({
      page: 1,
      limit: 10,
      sortBy: 'createdAt',
      sortOrder: 'desc',
    });
  });

  it('parses the query string; a sortBy alone sorts ascending', () => {
    expect(
      v.parse(CompanyListQuerySchema, {
        page: '3',
        limit: '1000',
        search: '  acme ',
        status: 'ACTIVE',
        qbConnectionStatus: 'none',
        sortBy: 'name',
      }),
    ).toEqual({
      page: 3,
      limit: 1000,
      search: 'acme',
      status: 'ACTIVE',
      qbConnectionStatus: 'none',
      sortBy: 'name',
      sortOrder: 'asc',
    });
  });

  it("treats '' and 'all' as no filter", () => {
    expect(v.parse(CompanyListQuerySchema, { status: 'all', qbConnectionStatus: '', search: ' ' })).toEqual({
      page: 1,
      limit: 10,
      sortBy: 'createdAt',
      sortOrder: 'desc',
    });
  });

  it('names each bad parameter', () => {
    const result = v.safeParse(CompanyListQuerySchema, {
      page: '0',
      limit: '1001',
      status: 'GONE',
      qbConnectionStatus: 'maybe',
      sortBy: 'password',
      sortOrder: 'up',
      search: 'x'.repeat(201),
    });
    expect(fieldMessages(result)).toEqual({
      page: 'page must be a whole number from 1',
      limit: 'limit must be a whole number from 1 to 1000',
      status: 'status must be one of ACTIVE, INACTIVE, SUSPENDED',
      qbConnectionStatus: 'qbConnectionStatus must be one of connected, disconnected, error, none',
      sortBy: 'sortBy must be one of name, email, status, qbConnectionStatus, industry, createdAt, updatedAt',
      sortOrder: 'sortOrder must be asc or desc',
      search: 'search must be at most 200 characters',
    });
  });
});

describe('CompanySearchQuerySchema', () => {
  it('requires q of at most 200 characters', () => {
    expect(fieldMessages(v.safeParse(CompanySearchQuerySchema, {}))).toEqual({ q: 'q is required' });
    expect(fieldMessages(v.safeParse(CompanySearchQuerySchema, { q: '  ' }))).toEqual({ q: 'q is required' });
    expect(fieldMessages(v.safeParse(CompanySearchQuerySchema, { q: 'x'.repeat(201) }))).toEqual({
      q: 'q must be at most 200 characters',
    });
    expect(v.parse(CompanySearchQuerySchema, { q: ' acme ' })).toEqual({ q: 'acme', limit: 20 });
  });
});
