import { describe, expect, it } from 'vitest';
import { comparePeople, personLabel, personName, personOptions, withCurrentOption } from './person-options';

const people = [
  { id: 3, firstName: 'zoë', lastName: 'Adams', email: 'zoe@example.com', role: 'USER' },
  { id: 1, firstName: 'Sam', lastName: 'Lee', email: 'sam.lee@example.com', role: 'ADMIN' },
  { id: 2, firstName: null, lastName: null, email: 'ops@example.com', role: 'USER' },
  { id: 4, firstName: 'Sam', lastName: 'Lee', email: 'sam.lee2@example.com', role: 'MODERATOR' },
  { id: 5, firstName: 'anna', lastName: 'Berg', email: 'anna@example.com', role: 'USER' },
];

describe('person pickers', () => {
  it('sorts by name without regard to case or accents, then by e-mail', () => {
    expect(personOptions(people).map((option) => option.value)).toEqual(['5', '2', '1', '4', '3']);
    expect(comparePeople(people[1]!, people[3]!)).toBeLessThan(0);
  });

  it('puts the e-mail beside the name so namesakes can be told apart', () => {
    const labels = personOptions(people, { detail: (person) => person.role }).map((option) => option.label);
    expect(labels).toEqual([
      'anna Berg (anna@example.com) · USER',
      'ops@example.com · USER',
      'Sam Lee (sam.lee@example.com) · ADMIN',
      'Sam Lee (sam.lee2@example.com) · MODERATOR',
      'zoë Adams (zoe@example.com) · USER',
    ]);
    expect(personLabel({ firstName: ' ', lastName: '', email: 'x@y.z' })).toBe('x@y.z');
    expect(personName({ firstName: 'Ada', lastName: null, email: 'a@b.c' })).toBe('Ada');
  });

  it('keeps a current value that the list does not hold', () => {
    const options = personOptions(people.slice(0, 2));
    expect(withCurrentOption(options, '3', 'zoë')).toHaveLength(2);
    expect(withCurrentOption(options, '9', 'Gone Person (g@x.y)').at(-1)).toEqual({
      value: '9',
      label: 'Gone Person (g@x.y)',
    });
    expect(withCurrentOption(options, '8', undefined).at(-1)?.label).toBe('#8');
    expect(withCurrentOption(options, '', undefined)).toHaveLength(2);
  });
});
