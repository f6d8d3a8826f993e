import { describe, expect, it } from 'vitest';
import { getRedirectTarget } from './redirect-target';

describe('getRedirectTarget', () => {
  it('returns the page RequireAuth remembered, with query and hash', () => {
    expect(
      getRedirectTarget({ from: { pathname: '/companies/5/edit', search: '?tab=qb', hash: '#top' } }),
    ).toBe('/companies/5/edit?tab=qb#top');
    expect(getRedirectTarget({ from: '/approvals?status=PENDING' })).toBe('/approvals?status=PENDING');
  });

  it('falls back to /dashboard without a remembered page', () => {
    expect(getRedirectTarget(undefined)).toBe('/dashboard');
    expect(getRedirectTarget(null)).toBe('/dashboard');
    expect(getRedirectTarget({})).toBe('/dashboard');
    expect(getRedirectTarget({ from: 42 })).toBe('/dashboard');
    expect(getRedirectTarget('/users')).toBe('/dashboard');
  });

  it('never leaves the site', () => {
    for (const from of [
      'https://evil.example/x',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      ' /users',
      '/\t/evil.example',
      'users',
    ]) {
      expect(getRedirectTarget({ from }), from).toBe('/dashboard');
    }
    expect(getRedirectTarget({ from: { pathname: '//evil.example', search: '', hash: '' } })).toBe(
      '/dashboard',
    );
  });

  it('never returns to /login', () => {
    expect(getRedirectTarget({ from: '/login' })).toBe('/dashboard');
    expect(getRedirectTarget({ from: '/login/' })).toBe('/dashboard');
    expect(getRedirectTarget({ from: '/login?next=/users' })).toBe('/dashboard');
    expect(getRedirectTarget({ from: '/users/../login' })).toBe('/dashboard');
    expect(getRedirectTarget({ from: { pathname: '/login', search: '', hash: '' } })).toBe('/dashboard');
  });
});
