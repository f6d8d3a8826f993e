import { describe, expect, it } from 'vitest';
import { isValidRoutingNumber, routingCheckDigit } from './banking';

describe('routing numbers', () => {
  it('computes the ABA check digit (a published routing number)', () => {
    expect(routingCheckDigit('12104288')).toBe(2);
    expect(routingCheckDigit('99999999')).toBe(2);
    expect(routingCheckDigit('02100002')).toBe(1); // 021000021, a well-known New York routing number
  });

  it('accepts a number only with its check digit', () => {
    expect(isValidRoutingNumber('121042882')).toBe(true);
    expect(isValidRoutingNumber('021000021')).toBe(true);
    expect(isValidRoutingNumber('121042883')).toBe(false);
    expect(isValidRoutingNumber('000000000')).toBe(false);
    expect(isValidRoutingNumber('12104288')).toBe(false);
    expect(isValidRoutingNumber('12104288a')).toBe(false);
  });

  it('refuses a prefix that is not 8 digits', () => {
    expect(() => routingCheckDigit('1210428')).toThrow(RangeError);
  });
});
