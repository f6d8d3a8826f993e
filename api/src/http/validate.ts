import * as v from 'valibot';
import { ERROR_CODES } from 'shared-contracts';
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
    fields[path] ??= issue.message;
  }
  if (Object.keys(fields).length > 0) return failWith(validationError(fields));
  // The whole part is wrong (e.g. no JSON object at all): no field to name.
  const message =
    input === undefined || input === null || typeof input !== 'object'
      ? `The ${WHERE_LABEL[where]} must be a JSON object`
      : (rootMessage ?? `The ${WHERE_LABEL[where]} is invalid`);
  return failWith(new HttpError(400, ERROR_CODES.validation, message));
}

function failWith(error: HttpError): never {
  throw error;
}
