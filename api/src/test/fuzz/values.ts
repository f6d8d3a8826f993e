/**
 * The values the request fuzzer (src/fuzz.test.ts) sends, and how they become request text:
 * JSON bodies that may hold fragments JSON.stringify cannot write (a 10 000-deep nesting, a
 * `__proto__` key, a number beyond a double), references to existing rows resolved just before
 * the request, and percent-encoding that also encodes lone surrogates (as their WTF-8 bytes,
 * which encodeURIComponent refuses to produce).
 */

/** A piece of JSON text put into the body as it is. */
export class RawJson {
  constructor(readonly text: string) {}
}

/** Rows a generated value can point at; resolved against the database at request time. */
export type Pool =
  'users' | 'companies' | 'managers' | 'approvals' | 'vendorAccounts' | 'emails' | 'refreshToken';

/** "The `pick`-th existing row of `pool`" (modulo the rows there are then), as a number or text. */
export class Ref {
  constructor(
    readonly pool: Pool,
    readonly pick: number,
    readonly as: 'number' | 'string' = 'number',
  ) {}
}

export type Value = null | boolean | number | string | RawJson | Ref | Value[] | { [key: string]: Value };

export function isPlainObject(value: unknown): value is { [key: string]: Value } {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    !(value instanceof RawJson) &&
    !(value instanceof Ref)
  );
}

/** Sets an own enumerable property, even `__proto__` (which `obj[key] = …` would not create). */
export function setOwn(target: Record<string, Value>, key: string, value: Value): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** A deep copy that keeps RawJson and Ref (immutable) as they are. */
export function clone(value: Value): Value {
  if (Array.isArray(value)) return value.map(clone);
  if (isPlainObject(value)) {
    const out: Record<string, Value> = {};
    for (const key of Object.keys(value)) setOwn(out, key, clone(value[key] as Value));
    return out;
  }
  return value;
}

/** JSON text of a value (Refs must have been resolved). */
export function toJsonText(value: Value): string {
  if (value instanceof RawJson) return value.text;
  if (value instanceof Ref) throw new Error('unresolved reference');
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (isPlainObject(value)) {
    return `{${Object.keys(value)
      .map((key) => `${JSON.stringify(key)}:${toJsonText(value[key] as Value)}`)
      .join(',')}}`;
  }
  // JSON has no NaN/Infinity: a generator that made one meant "a number JSON cannot hold".
  if (typeof value === 'number' && !Number.isFinite(value)) return '1e400';
  return JSON.stringify(value);
}

/** Every string inside a value (to tell echoed input from leaked internals in an answer). */
export function stringsOf(value: Value, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (value instanceof RawJson) out.push(value.text);
  else if (Array.isArray(value)) for (const item of value) stringsOf(item, out);
  else if (isPlainObject(value))
    for (const key of Object.keys(value)) {
      out.push(key);
      stringsOf(value[key] as Value, out);
    }
  return out;
}

/** Replaces every Ref with what `lookup` answers for it. */
export async function resolveRefs(value: Value, lookup: (ref: Ref) => Promise<Value>): Promise<Value> {
  if (value instanceof Ref) return lookup(value);
  if (Array.isArray(value)) {
    // One after another: a lookup may write (a sign-in), and the harness never races itself.
    const out: Value[] = [];
    for (const item of value) out.push(await resolveRefs(item, lookup));
    return out;
  }
  if (isPlainObject(value)) {
    const out: Record<string, Value> = {};
    for (const key of Object.keys(value)) setOwn(out, key, await resolveRefs(value[key] as Value, lookup));
    return out;
  }
  return value;
}

const UNRESERVED = /[A-Za-z0-9\-._~]/;

/**
 * Percent-encodes text as UTF-8, except that a lone surrogate becomes its three WTF-8 bytes
 * (%ED%A0%80…): the bytes a broken client would send, and not valid UTF-8.
 */
export function percentEncode(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i += 1) {
    const unit = text.charCodeAt(i);
    const char = text[i] as string;
    if (UNRESERVED.test(char)) {
      out += char;
      continue;
    }
    let codePoint = unit;
    const next = text.charCodeAt(i + 1);
    if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      codePoint = (unit - 0xd800) * 0x400 + (next - 0xdc00) + 0x10000;
      i += 1;
    }
    for (const byte of utf8Bytes(codePoint)) out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

function utf8Bytes(codePoint: number): number[] {
  if (codePoint < 0x80) return [codePoint];
  if (codePoint < 0x800) return [0xc0 | (codePoint >> 6), 0x80 | (codePoint & 63)];
  if (codePoint < 0x10000)
    return [0xe0 | (codePoint >> 12), 0x80 | ((codePoint >> 6) & 63), 0x80 | (codePoint & 63)];
  return [
    0xf0 | (codePoint >> 18),
    0x80 | ((codePoint >> 12) & 63),
    0x80 | ((codePoint >> 6) & 63),
    0x80 | (codePoint & 63),
  ];
}
