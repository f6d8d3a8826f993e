import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ChangePasswordSchema, LoginSchema, RegisterSchema } from './auth';
import { IdParamSchema } from './common';
import { VALIDATION } from './messages';

const messages = (result: { issues?: Array<{ message: string }> }) =>
  result.issues?.map((issue) => issue.message) ?? [];

describe('LoginSchema', () => {
  it('accepts a valid sign-in and normalises the e-mail', () => {
    const result = v.safeParse(LoginSchema, { email: '  Admin@Example.COM ', password: 'secret1' });
    expect(result.success).toBe(true);
    expect(result.output).toEqual({ email: 'admin@example.com', password: 'secret1' });
  });

  it('names the product’s messages for a bad e-mail and a short password', () => {
    const result = v.safeParse(LoginSchema, { email: 'nope', password: '12345' }, { abortPipeEarly: true });
    expect(messages(result)).toEqual([VALIDATION.email, VALIDATION.loginPassword]);
  });
});

describe('RegisterSchema', () => {
  it('defaults role to USER and isActive to true', () => {
    const result = v.safeParse(RegisterSchema, { email: 'new@example.com', password: 'long-enough-now' });
    expect(result.output).toMatchObject({ role: 'USER', isActive: true });
  });

  it('needs 12 characters of password and a known role', () => {
    const result = v.safeParse(RegisterSchema, { email: 'new@example.com', password: 'short', role: 'ROOT' });
    expect(messages(result)).toContain(VALIDATION.userPassword);
    expect(VALIDATION.userPassword).toBe('Password must be at least 12 characters');
    const eleven = v.safeParse(RegisterSchema, { email: 'new@example.com', password: 'elevenchars' });
    expect(messages(eleven)).toEqual([VALIDATION.userPassword]);
    expect(v.safeParse(RegisterSchema, { email: 'new@example.com', password: 'twelve-chars' }).success).toBe(
      true,
    );
    expect(messages(result).some((message) => message.startsWith('role must be one of'))).toBe(true);
  });
});

describe('ChangePasswordSchema', () => {
  it('refuses a new password equal to the current one', () => {
    const result = v.safeParse(ChangePasswordSchema, {
      currentPassword: 'samesame1',
      newPassword: 'samesame1',
    });
    expect(result.success).toBe(false);
  });
});

describe('IdParamSchema', () => {
  it('accepts positive whole numbers only', () => {
    expect(v.safeParse(IdParamSchema, { id: '42' }).output).toEqual({ id: 42 });
    for (const id of ['abc', '1.5', '-1', '0', '', 'undefined']) {
      expect(v.safeParse(IdParamSchema, { id }).success, id).toBe(false);
    }
  });
});
