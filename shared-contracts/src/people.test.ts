import { describe, expect, it } from 'vitest';
import { personName } from './people';

describe('personName', () => {
  it('names a person by first and last name, else by e-mail', () => {
    expect(personName({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@x.io' })).toBe('Ada Lovelace');
    expect(personName({ firstName: 'Ada', lastName: null, email: 'a@b.c' })).toBe('Ada');
    expect(personName({ firstName: null, lastName: 'Lee', email: 'a@b.c' })).toBe('Lee');
    expect(personName({ firstName: ' ', lastName: null, email: 'ada@x.io' })).toBe('ada@x.io');
    expect(personName({ firstName: null, lastName: '', email: 'a@b.c' })).toBe('a@b.c');
    expect(personName({ email: 'a@b.c' })).toBe('a@b.c');
  });

  it('leaves out the blanks around and between the parts', () => {
    expect(personName({ firstName: ' Ann ', lastName: ' Lee', email: 'a@b.c' })).toBe('Ann Lee');
  });

  it('is empty for no person', () => {
    expect(personName(null)).toBe('');
    expect(personName(undefined)).toBe('');
  });
});
