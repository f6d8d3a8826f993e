import * as v from 'valibot';
import { ERROR_CODES, SERVER_ERRORS } from 'shared-contracts';
import { HttpError, validationError } from './http-error';

type AnySchema = v.GenericSchema;

const WHERE_LABEL = { body: 'request body', query: 'query string', params: 'path' } as const;

/**
 * Validates a request part against a shared-contracts schema. On failure answers 400
 * VALIDATION_ERROR with `fields` (first message per field) and a message naming the fields.
 */
export function parseInput<S extends AnySchema>(
  schema: S,
  input: unknown,
  where: keyof typeof WHERE_LABEL = 'body',
): v.InferOutput<S> {
  // valibot's object() accepts arrays (then reports every key missing); say what is wrong instead.
  if (Array.isArray(input) && unwrap(schema)?.type === 'object') {
    throw new HttpError(400, ERROR_CODES.validation, `The ${WHERE_LABEL[where]} must be a JSON object`);
  }
  const unstorable = findUnstorableText(input);
  if (unstorable) throw validationError({ [unstorable.field || WHERE_LABEL[where]]: unstorable.message });
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;

  const fields: Record<string, string> = {};
  let rootMessage: string | undefined;
  for (const issue of result.issues) {
    const path = v.getDotPath(issue);
    if (path === null) {
      rootMessage ??= issue.message;
      continue;
    }
    fields[path] ??= isMissingKey(issue) ? missingKeyMessage(schema, issue) : issue.message;
  }
  if (Object.keys(fields).length > 0) throw validationError(fields);
  // The whole part is wrong (no JSON object at all): there is no field to name.
  const notAnObject =
    input === undefined || input === null || typeof input !== 'object' || Array.isArray(input);
  // A part that is a list by design (a batch of events) is told what is wrong with the list.
  const message =
    notAnObject && !(Array.isArray(input) && unwrap(schema)?.type === 'array')
      ? `The ${WHERE_LABEL[where]} must be a JSON object`
      : (rootMessage ?? `The ${WHERE_LABEL[where]} is invalid`);
  throw new HttpError(400, ERROR_CODES.validation, message);
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function textProblem(text: string): string | undefined {
  if (text.includes('\u0000')) return SERVER_ERRORS.nulCharacter;
  if (LONE_SURROGATE.test(text)) return SERVER_ERRORS.invalidUnicode;
  return undefined;
}

/**
 * The one rule for every string a client sends (values and keys, at any depth): text PostgreSQL
 * cannot store is refused here, naming the field, instead of failing as a 500 in SQL (NUL) or
 * being replaced by U+FFFD on the way to the database (lone surrogates), which would store
 * something other than what was sent. Runs before the schema so every route gets it, including
 * keys the schema would strip.
 */
export function findUnstorableText(
  input: unknown,
  path = '',
  depth = 0,
): { field: string; message: string } | undefined {
  if (typeof input === 'string') {
    const message = textProblem(input);
    return message ? { field: path, message } : undefined;
  }
  // JSON bodies are at most 1 MiB; the depth bound only keeps a hostile nesting from the stack.
  if (input === null || typeof input !== 'object' || depth > 64) return undefined;
  for (const [key, value] of Object.entries(input)) {
    const keyProblem = textProblem(key);
    if (keyProblem) return { field: path, message: `Field names: ${keyProblem}` };
    const found = findUnstorableText(value, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return undefined;
}

type Issue = v.InferIssue<AnySchema>;

function isMissingKey(issue: Issue): boolean {
  return issue.kind === 'schema' && issue.type === 'object' && issue.path?.at(-1)?.origin === 'key';
}

/**
 * valibot reports a missing key with the object's generic "Invalid key" text. The form's own
 * message is the one of the field's schema, so run that schema on `undefined` to get it
 * (e.g. a missing email → "Please enter a valid email address").
 */
function missingKeyMessage(root: AnySchema, issue: Issue): string {
  let current: unknown = root;
  for (const item of issue.path ?? []) current = unwrap(current)?.entries?.[String(item.key)];
  const key = String(issue.path?.at(-1)?.key ?? 'value');
  if (!current || typeof current !== 'object' || !('~run' in current)) return `${key} is required`;
  const result = v.safeParse(current as AnySchema, undefined);
  return result.success ? `${key} is required` : (result.issues[0]?.message ?? `${key} is required`);
}

/** The schema inside optional()/nullable()/nullish() wrappers. */
function unwrap(schema: unknown): { type?: string; entries?: Record<string, unknown> } | undefined {
  let current = schema;
  while (current && typeof current === 'object' && 'wrapped' in current) current = current.wrapped;
  return current && typeof current === 'object'
    ? (current as { type?: string; entries?: Record<string, unknown> })
    : undefined;
}
