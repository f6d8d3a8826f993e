/**
 * fast-check arbitraries for request parts, derived from a route's declared valibot schema
 * through its JSON Schema (the same conversion the API description uses), in three flavours:
 * - valid: what the schema describes, with realistic values for fields whose rules JSON Schema
 *   cannot say (a routing number's check digit, a comma list of statuses, an existing row's id);
 * - nearly valid: a valid value with one or two fields dropped, retyped or pushed past a limit;
 * - hostile: wrong types, huge strings, deep nesting, lone surrogates, NUL bytes, numbers beyond
 *   any integer column, prototype-pollution keys, arrays where objects belong, broken encodings.
 */
import fc from 'fast-check';
import {
  APPROVAL_PRIORITIES,
  APPROVAL_SORT_FIELDS,
  APPROVAL_STATUSES,
  BANK_ACCOUNT_TYPES,
  COMPANY_SORT_FIELDS,
  COMPANY_STATUSES,
  INDUSTRIES,
  MANAGER_SORT_FIELDS,
  QB_STATUS_FILTERS,
  ROLES,
  USER_SORT_FIELDS,
  routingCheckDigit,
} from 'shared-contracts';
import { DEMO_PASSWORD } from '../../seed/users';
import { RawJson, Ref, clone, isPlainObject, setOwn, type Pool, type Value } from './values';

/** The JSON Schema subset @valibot/to-json-schema writes for request parts. */
export interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
}

type Arb = fc.Arbitrary<Value>;

// ---------------------------------------------------------------------------------------------
// Hostile building blocks

const LONE_SURROGATES = ['\uD800', '\uDBFF', '\uDC00', '\uDFFF', 'a\uD83D', '\uDE00b'];

/** One code unit or code point from anywhere: any plane, controls, and now and then a half surrogate. */
const anyChar: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  { weight: 1, arbitrary: fc.integer({ min: 0xd800, max: 0xdfff }).map((unit) => String.fromCharCode(unit)) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('\u0000', '\u202E', '\uFEFF', '\u200B', '\u0301', '\n', '\\', '"', "'"),
  },
);

const SPECIAL_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  ...LONE_SURROGATES,
  '\u202Eevil',
  '😀'.repeat(40),
  'Z̸̡̢͈̳̥a̴l̷g̶o̵',
  'ﷺ',
  "' OR '1'='1",
  '1; DROP TABLE users; --',
  '%00',
  '../../../../etc/passwd',
  '<script>alert(1)</script>',
  '${jndi:ldap://x/a}',
  '{{7*7}}',
  'NaN',
  'Infinity',
  '-1',
  '0x10',
  '1e5',
  '9'.repeat(40),
  '__proto__',
  'constructor',
  'toString',
  'null',
  'true',
  '[]',
  '{}',
];

/** Numbers a JSON body can carry that no integer column holds, and other edges. */
const SPECIAL_NUMBERS = [
  0,
  -0,
  -1,
  0.5,
  1.5,
  -2147483648,
  2147483647,
  2147483648,
  2 ** 32,
  Number.MAX_SAFE_INTEGER,
  2 ** 53 + 2,
  9.223372036854776e18,
  1e21,
  1e308,
  -1e308,
  Number.MIN_VALUE,
  Number.EPSILON,
];

/** Sizes of huge strings: past every column limit, and near the 1 MiB body limit. */
const HUGE_LENGTHS = [256, 1_001, 10_000, 200_000, 1_100_000];

const hugeString: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom(...HUGE_LENGTHS), fc.constantFrom('a', 'é', '😀', '\u0000', ' '))
  .map(([length, unit]) => unit.repeat(Math.ceil(length / unit.length)));

/** A nesting deeper than any schema: arrays or objects, as text so nothing here recurses. */
const deepNesting: fc.Arbitrary<RawJson> = fc
  .tuple(fc.constantFrom(65, 1_000, 20_000), fc.boolean())
  .map(([depth, arrays]) =>
    arrays
      ? new RawJson(`${'['.repeat(depth)}1${']'.repeat(depth)}`)
      : new RawJson(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`),
  );

/** Numbers written as text beyond what a double holds. */
const bigNumberText = fc.constantFrom(
  new RawJson('123456789012345678901234567890'),
  new RawJson('1e400'),
  new RawJson('-1e400'),
  new RawJson('1.0000000000000000000000001'),
  new RawJson('4.9e-325'),
);

/** Objects that try to set a prototype or reach a constructor. */
const prototypeKeys = fc.constantFrom(
  new RawJson('{"__proto__":{"isAdmin":true,"role":"ADMIN"}}'),
  new RawJson('{"constructor":{"prototype":{"isAdmin":true}}}'),
  new RawJson('{"__proto__":[]}'),
  new RawJson('{"a":1,"a":2}'),
);

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...SPECIAL_STRINGS) },
  { weight: 3, arbitrary: fc.string({ unit: anyChar, maxLength: 30 }) },
  { weight: 1, arbitrary: hugeString },
);

export const hostileValue: Arb = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  {
    weight: 3,
    arbitrary: fc.constantFrom<Value>(...SPECIAL_NUMBERS, null, true, false, [], {}, [null], ['']),
  },
  { weight: 1, arbitrary: bigNumberText },
  { weight: 1, arbitrary: deepNesting },
  { weight: 1, arbitrary: prototypeKeys },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Value> },
);

const extraKey = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'hasOwnProperty',
    'id',
    'role',
    'isAdmin',
    'password',
    'passwordHash',
    'createdById',
    'status',
    '',
  ),
  fc.string({ unit: anyChar, maxLength: 12 }),
);

// ---------------------------------------------------------------------------------------------
// Valid values, from the schema plus what it cannot say

const routingNumber = fc
  .stringMatching(/^[0-3]\d{7}$/)
  .map((first8) => `${first8}${routingCheckDigit(first8)}`);

const commaList = <T extends string>(values: readonly T[]) =>
  fc.subarray([...values], { minLength: 1, maxLength: 3 }).map((picked) => picked.join(','));

const isoDate = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2040-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

/** Addresses the console's e-mail rule accepts (fast-check's own are RFC-valid but far stranger). */
const emailAddress = fc
  .tuple(
    fc.stringMatching(/^[a-z][a-z0-9]{0,10}(\.[a-z0-9]{1,6})?$/),
    fc.stringMatching(/^[a-z][a-z0-9-]{0,10}[a-z0-9]$/),
    fc.constantFrom('com', 'org', 'net', 'test', 'io'),
  )
  .map(([local, domain, tld]) => `${local}@${domain}.${tld}`);

const ref = (pool: Pool, as: 'number' | 'string' = 'number'): Arb =>
  fc.nat(1_000).map((pick) => new Ref(pool, pick, as));

const SORT_FIELDS = [
  ...new Set([...USER_SORT_FIELDS, ...COMPANY_SORT_FIELDS, ...MANAGER_SORT_FIELDS, ...APPROVAL_SORT_FIELDS]),
];

/**
 * Realistic values by field name, for rules JSON Schema does not carry. They only bias the
 * generator: the schema-derived value is still drawn now and then.
 */
function hint(name: string, where: Part): Arb | undefined {
  switch (name) {
    case 'email':
      return fc.oneof(emailAddress, ref('emails', 'string'));
    case 'password':
    case 'currentPassword':
      // The demo password signs in; a new account needs one the password rules accept.
      return fc.constantFrom<Value>(DEMO_PASSWORD, 'Wrong-Passw0rd!', 'Quartz-Lantern-Meadow-73');
    case 'newPassword':
      return fc.constantFrom<Value>('Quartz-Lantern-Meadow-73', 'Another-Passw0rd!', DEMO_PASSWORD);
    case 'refreshToken':
      return ref('refreshToken', 'string');
    case 'routingNumber':
    case 'odfiRoutingNumber':
      return routingNumber;
    case 'userId':
    case 'processorId':
    case 'approverId':
    case 'accountantId':
      return ref('users');
    case 'managerId':
      return ref('managers');
    case 'companyId':
      return ref('companies');
    case 'ids':
      return fc.array(ref('approvals', 'string'), { minLength: 1, maxLength: 4 });
    case 'recipients':
      return fc.array(emailAddress, { maxLength: 3 });
    case 'accountType':
      return fc.constantFrom(...BANK_ACCOUNT_TYPES);
    case 'industry':
      return fc.constantFrom(...INDUSTRIES);
    case 'website':
      return fc.constantFrom<Value>('https://example.com', 'https://www.example.org/pay', '', null);
    case 'phone':
      return fc.constantFrom<Value>('(555) 123-4567', '+1 555 010 9999', '', null);
    case 'DueDate':
      return isoDate;
    case 'role':
      return where === 'query' ? commaList(ROLES) : fc.constantFrom(...ROLES);
    case 'status':
      return where === 'query'
        ? fc.oneof(commaList(APPROVAL_STATUSES), commaList(COMPANY_STATUSES))
        : fc.constantFrom(...COMPANY_STATUSES);
    case 'priority':
      return where === 'query' ? commaList(APPROVAL_PRIORITIES) : fc.constantFrom(...APPROVAL_PRIORITIES);
    case 'qbConnectionStatus':
      return commaList(QB_STATUS_FILTERS);
    case 'linked':
      return fc.constantFrom('yes', 'no');
    case 'isActive':
      return where === 'query' ? fc.constantFrom('true', 'false') : fc.boolean();
    case 'sortBy':
      return fc.constantFrom(...SORT_FIELDS);
    case 'format':
      return fc.constantFrom('csv', 'json');
    case 'page':
      return fc.integer({ min: 1, max: 5 });
    case 'limit':
      return fc.constantFrom(5, 10, 20, 25, 50, 100);
    default:
      return undefined;
  }
}

export type Part = 'body' | 'query' | 'params';

function typesOf(schema: Schema): string[] {
  if (schema.type) return [schema.type].flat();
  if (schema.properties) return ['object'];
  if (schema.items) return ['array'];
  return [];
}

/** Values the schema describes (bounded in size so runs stay quick). */
export function validValue(schema: Schema, name: string, where: Part, depth = 0): Arb {
  const hinted = hint(name, where);
  const fromSchema = schemaValue(schema, name, where, depth);
  return hinted
    ? fc.oneof({ weight: 4, arbitrary: hinted }, { weight: 1, arbitrary: fromSchema })
    : fromSchema;
}

function schemaValue(schema: Schema, name: string, where: Part, depth: number): Arb {
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((member) => validValue(member, name, where, depth)));
  if (schema.enum) return fc.constantFrom(...(schema.enum as Value[]));
  if ('const' in schema) return fc.constant(schema.const as Value);
  const types = typesOf(schema);
  if (types.length === 0) return fc.jsonValue({ maxDepth: 2 }) as Arb;
  return fc.oneof(...types.map((type) => typedValue(type, schema, name, where, depth)));
}

function typedValue(type: string, schema: Schema, name: string, where: Part, depth: number): Arb {
  switch (type) {
    case 'object': {
      const properties = schema.properties ?? {};
      const model: Record<string, Arb> = {};
      for (const [key, property] of Object.entries(properties))
        model[key] = validValue(property, key, where, depth + 1);
      return fc.record(model, {
        requiredKeys: (schema.required ?? []).filter((key) => key in properties),
      }) as Arb;
    }
    case 'array': {
      const item = schema.items
        ? validValue(schema.items, name, where, depth + 1)
        : (fc.jsonValue({ maxDepth: 1 }) as Arb);
      const minLength = schema.minItems ?? 0;
      return fc.array(item, {
        minLength,
        maxLength: Math.max(minLength, Math.min(schema.maxItems ?? 4, depth > 0 ? 2 : 4)),
      });
    }
    case 'string':
      return stringValue(schema);
    case 'integer':
      return fc.oneof(
        {
          weight: 4,
          arbitrary: fc.integer({
            min: schema.minimum ?? 1,
            max: Math.min(schema.maximum ?? 10_000, 10_000),
          }),
        },
        // The edges the schema allows: the database must hold whatever validation lets through.
        {
          weight: 1,
          arbitrary: fc.constantFrom(
            ...[schema.minimum, schema.maximum].filter((edge): edge is number => edge !== undefined),
            1,
          ),
        },
      );
    case 'number': {
      const min = schema.minimum ?? 0;
      const max = schema.maximum ?? 1_000_000;
      return fc.oneof(
        { weight: 3, arbitrary: fc.integer({ min: Math.max(min, 0), max: Math.min(max, 1_000_000) }) },
        { weight: 3, arbitrary: fc.integer({ min: 0, max: 10_000_000 }).map((cents) => cents / 100) },
        { weight: 1, arbitrary: fc.constantFrom(max, max - 0.01, max - 0.005, min, 0.001, 0.005, 1 / 3) },
        { weight: 1, arbitrary: fc.double({ min, max, noNaN: true, noDefaultInfinity: true }) },
      );
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.constant(null);
  }
}

function stringValue(schema: Schema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 40, 40);
  if (schema.format === 'email') return emailAddress;
  if (schema.format === 'date') return isoDate;
  if (schema.format === 'date-time') return isoDate.map((date) => `${date}T12:00:00.000Z`);
  if (schema.pattern) {
    const length = (text: string) =>
      text.length >= minLength && text.length <= (schema.maxLength ?? Infinity);
    return fc.stringMatching(new RegExp(schema.pattern)).filter(length);
  }
  return fc.oneof(
    { weight: 4, arbitrary: fc.string({ minLength, maxLength: Math.max(minLength, maxLength) }) },
    // Text that passes the schema but is awkward further in: any plane, LIKE wildcards, quotes.
    {
      weight: 2,
      arbitrary: fc.string({
        unit: storableChar,
        minLength: Math.max(minLength, 1),
        maxLength: Math.max(minLength, maxLength),
      }),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('%', '_', '\\', '\\\\', "'", '"', '%_\\', "O'Brien", 'a\tb\r\nc')
        .map((text) => text.padEnd(minLength, text)),
    },
    // As long as the schema allows (or long, when JSON Schema does not say): the column must hold it.
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('a', 'é', '😀', 'ß')
        .map((unit) =>
          unit.repeat(Math.max(minLength, Math.floor((schema.maxLength ?? 1_200) / unit.length))),
        ),
    },
  );
}

/** Any character PostgreSQL can store: no NUL, no half surrogate. */
const storableChar = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }).filter((char) => char !== '\u0000'),
  },
  { weight: 1, arbitrary: fc.constantFrom('%', '_', '\\', "'", '"', '\u202E', '\uFEFF', '\u0301') },
);

// ---------------------------------------------------------------------------------------------
// Nearly valid and hostile: a valid value, changed in one to three places

type Mutation =
  | { kind: 'drop' }
  | { kind: 'replace'; value: Value }
  | { kind: 'add'; key: string; value: Value }
  | { kind: 'wrap' }
  | { kind: 'stretch' };

const nearMutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.constant<Mutation>({ kind: 'drop' }),
  fc.constant<Mutation>({ kind: 'wrap' }),
  fc.constant<Mutation>({ kind: 'stretch' }),
  fc
    .constantFrom<Value>(
      '',
      ' ',
      null,
      0,
      -1,
      1.5,
      2147483648,
      'true',
      '1',
      true,
      [],
      {},
      'x'.repeat(256),
      'x'.repeat(1001),
    )
    .map((value): Mutation => ({ kind: 'replace', value })),
);

const hostileMutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 3, arbitrary: hostileValue.map((value): Mutation => ({ kind: 'replace', value })) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(extraKey, hostileValue)
      .map(([key, value]): Mutation => ({ kind: 'add', key, value })),
  },
  { weight: 1, arbitrary: fc.constant<Mutation>({ kind: 'wrap' }) },
);

/** Paths to every node of a value, the root first. */
function nodePaths(
  value: Value,
  path: (string | number)[] = [],
  out: (string | number)[][] = [],
): (string | number)[][] {
  out.push(path);
  if (Array.isArray(value)) value.forEach((item, index) => nodePaths(item, [...path, index], out));
  else if (isPlainObject(value))
    for (const key of Object.keys(value)) nodePaths(value[key] as Value, [...path, key], out);
  return out;
}

function applyMutation(root: Value, path: (string | number)[], mutation: Mutation): Value {
  const change = (node: Value): Value | undefined => {
    switch (mutation.kind) {
      case 'replace':
        return mutation.value;
      case 'wrap':
        return [node];
      case 'stretch':
        if (typeof node === 'string')
          return node.repeat(Math.ceil(1_001 / Math.max(1, node.length))) || 'x'.repeat(1_001);
        if (typeof node === 'number') return node * 1e12 + 0.5;
        if (Array.isArray(node)) return Array.from({ length: 501 }, () => node[0] ?? 'x');
        return node;
      case 'add':
        if (isPlainObject(node)) {
          const out = clone(node) as Record<string, Value>;
          setOwn(out, mutation.key, mutation.value);
          return out;
        }
        return { [mutation.key]: mutation.value } as Value;
      case 'drop':
        return undefined;
    }
  };
  if (path.length === 0) return change(root) ?? {};
  const copy = clone(root);
  let parent: Value = copy;
  for (const step of path.slice(0, -1)) parent = (parent as Record<string | number, Value>)[step] as Value;
  const last = path[path.length - 1] as string | number;
  const container = parent as Record<string | number, Value>;
  const next = change(container[last] as Value);
  if (next === undefined) {
    if (Array.isArray(parent)) parent.splice(Number(last), 1);
    else delete container[last];
  } else if (isPlainObject(parent)) setOwn(parent, String(last), next);
  else container[last] = next;
  return copy;
}

function mutated(valid: Arb, mutation: fc.Arbitrary<Mutation>): Arb {
  return fc
    .tuple(valid, fc.array(fc.tuple(fc.nat(), mutation), { minLength: 1, maxLength: 3 }))
    .map(([value, changes]) => {
      let current = value;
      for (const [pick, change] of changes) {
        const paths = nodePaths(current);
        current = applyMutation(current, paths[pick % paths.length] ?? [], change);
      }
      return current;
    });
}

export type Flavour = 'valid' | 'nearly' | 'hostile';

/** A request part of each flavour, from its declared schema. */
export function partArbitraries(schema: Schema, where: Part): Record<Flavour, Arb> {
  const valid = validValue(schema, '', where);
  return {
    valid,
    nearly: mutated(valid, nearMutation),
    hostile: fc.oneof(
      { weight: 3, arbitrary: mutated(valid, hostileMutation) },
      { weight: 1, arbitrary: hostileValue },
    ),
  };
}
