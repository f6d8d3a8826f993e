import { describe, expect, it } from 'vitest';
import { parseApprovalRouteId, parseRouteId } from './route-id';

describe('parseRouteId', () => {
  it('reads a positive whole number', () => {
    expect(parseRouteId('12')).toBe(12);
  });

  it("refuses a missing id, 'undefined', zero and anything not a whole number", () => {
    for (const raw of [undefined, '', 'undefined', '0', '-1', '1.5', '12abc', '99999999999999999999']) {
      expect(parseRouteId(raw)).toBeNull();
    }
  });
});

describe('parseApprovalRouteId', () => {
  it('reads a UUID in lower case', () => {
    expect(parseApprovalRouteId('0B6E7A3C-1D2E-4F5A-8B9C-0D1E2F3A4B5C')).toBe(
      '0b6e7a3c-1d2e-4f5a-8b9c-0d1e2f3a4b5c',
    );
  });

  it("refuses a missing id, 'undefined' and anything not a UUID", () => {
    for (const raw of [undefined, '', 'undefined', '12', '0b6e7a3c-1d2e-4f5a-8b9c']) {
      expect(parseApprovalRouteId(raw)).toBeNull();
    }
  });
});
