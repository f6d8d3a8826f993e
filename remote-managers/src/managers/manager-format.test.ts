// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { formatListDate, initials, userOptionLabel } from './manager-format';

describe('manager display helpers', () => {
  it('takes initials from the names, else the e-mail', () => {
    expect(initials({ firstName: 'ada', lastName: 'lovelace', email: 'x@y.z' })).toBe('AL');
    expect(initials({ firstName: '', lastName: '', email: 'zed@y.z' })).toBe('Z');
    expect(initials({ firstName: '', lastName: '', email: '' })).toBe('?');
  });

  it('labels a picker user with name or e-mail, e-mail and role', () => {
    expect(userOptionLabel({ firstName: null, lastName: null, email: 'u@x.io', role: 'USER' })).toBe(
      'u@x.io — u@x.io (USER)',
    );
  });

  it("formats list dates as 'MMM d, yyyy'", () => {
    expect(formatListDate('2025-01-05T12:00:00Z')).toBe('Jan 5, 2025');
  });
});
