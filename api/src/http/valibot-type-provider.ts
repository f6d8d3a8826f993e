import { toJsonSchema, type JsonSchema } from '@valibot/to-json-schema';
import type { FastifySchemaCompiler, FastifySerializerCompiler, FastifyTypeProvider } from 'fastify';
import fastJsonStringify from 'fast-json-stringify';
import type * as v from 'valibot';
import { HttpError } from './http-error';
import { parseInput } from './validate';

/**
 * Routes declare shared-contracts valibot schemas in their options (`schema.params`,
 * `querystring`, `body`, `response`); this file teaches Fastify to use them:
 * - types: `request.params/query/body` are the schema's output, the reply is the response
 *   schema's input (`fastify.withTypeProvider<ValibotTypeProvider>()`);
 * - validation runs valibot through `parseInput`, so the 400 envelope and its field messages are
 *   the same as the forms' and live in one place;
 * - answers are serialized from the response schema with fast-json-stringify, so a property the
 *   schema does not name never leaves the server.
 */

type AnySchema = v.GenericSchema;

export interface ValibotTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends AnySchema ? v.InferOutput<this['schema']> : unknown;
  serializer: this['schema'] extends AnySchema ? v.InferInput<this['schema']> : unknown;
}

export function isValibotSchema(schema: unknown): schema is AnySchema {
  return (
    typeof schema === 'object' &&
    schema !== null &&
    (schema as { kind?: unknown }).kind === 'schema' &&
    typeof (schema as { '~run'?: unknown })['~run'] === 'function'
  );
}

/** A schema that picks the member to validate by the input's shape (shared-contracts `shapeUnion`). */
function selectMember(schema: AnySchema, input: unknown): AnySchema {
  const select = (schema as { select?: (value: unknown) => AnySchema }).select;
  return typeof select === 'function' ? select(input) : schema;
}

const PARTS = { body: 'body', querystring: 'query', params: 'params' } as const;

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, method, url, httpPart }) => {
  const where = httpPart ? PARTS[httpPart as keyof typeof PARTS] : undefined;
  if (!where) throw new Error(`${method} ${url}: validating ${httpPart ?? 'this part'} is not supported`);
  if (!isValibotSchema(schema)) {
    throw new Error(`${method} ${url}: the ${httpPart} schema must be a shared-contracts valibot schema`);
  }
  return (data: unknown) => {
    // Fastify hands a missing body over as null; to the schemas "no body" is undefined.
    const input = where === 'body' && data === null ? undefined : data;
    try {
      return { value: parseInput(selectMember(schema, input), input, where) };
    } catch (error) {
      // Fastify keeps an Error result as it is (wrapValidationError), so the HttpError reaches
      // the error handler with its status, code and fields.
      if (error instanceof HttpError) return { error };
      throw error;
    }
  };
};

/** JSON Schema of an answer; throws for anything that cannot be expressed (caught at start-up). */
export function answerJsonSchema(schema: AnySchema): JsonSchema {
  return simplifyNullable(
    stripDialect(toJsonSchema(schema, { target: 'draft-2020-12', errorMode: 'throw' })),
  );
}

/**
 * JSON Schema of what a client may send, for the API description. It stops at the first
 * transformation (the input type), and leaves out checks JSON Schema cannot say (custom checks,
 * trimming): those are described by the 400 answer's field messages. A schema TYPE that cannot be
 * converted still throws.
 */
export function requestJsonSchema(schema: AnySchema): JsonSchema {
  return simplifyNullable(
    stripDialect(
      toJsonSchema(schema, {
        target: 'draft-2020-12',
        typeMode: 'input',
        errorMode: 'throw',
        overrideAction: ({ jsonSchema, errors }) => (errors ? jsonSchema : undefined),
      }),
    ),
  );
}

export const serializerCompiler: FastifySerializerCompiler<unknown> = ({
  schema,
  method,
  url,
  httpStatus,
}) => {
  let jsonSchema: JsonSchema;
  if (isValibotSchema(schema)) {
    try {
      jsonSchema = answerJsonSchema(schema);
    } catch (error) {
      throw new Error(
        `${method} ${url}: the ${httpStatus} response schema cannot be serialized: ${(error as Error).message}`,
      );
    }
  } else {
    // Plugins (the API description's own routes) declare plain JSON Schema.
    jsonSchema = schema as JsonSchema;
  }
  return fastJsonStringify(jsonSchema as Parameters<typeof fastJsonStringify>[0]);
};

function stripDialect(schema: JsonSchema): JsonSchema {
  const { $schema: _dialect, ...rest } = schema as JsonSchema & { $schema?: string };
  return rest as JsonSchema;
}

type Json = Record<string, unknown>;

/**
 * `anyOf: [{ type: 'string' }, { type: 'null' }]` → `type: ['string', 'null']`: the same
 * schema, but fast-json-stringify writes it directly instead of trying each branch, and the
 * description reads better.
 */
function simplifyNullable<T>(node: T): T {
  if (Array.isArray(node)) return node.map((item) => simplifyNullable(item)) as T;
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node as Json)) out[key] = simplifyNullable(value);
  const anyOf = out.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2 && Object.keys(out).length === 1) {
    const nullIndex = anyOf.findIndex((item) => isPlainNull(item));
    const other = anyOf[1 - nullIndex] as Json | undefined;
    if (nullIndex !== -1 && other && typeof other.type === 'string') {
      const merged: Json = { ...other, type: [other.type, 'null'] };
      if (Array.isArray(other.enum)) merged.enum = [...(other.enum as unknown[]), null];
      if ('const' in other) {
        merged.enum = [other.const, null];
        delete merged.const;
      }
      return merged as T;
    }
  }
  return out as T;
}

function isPlainNull(item: unknown): boolean {
  return (
    !!item && typeof item === 'object' && Object.keys(item).length === 1 && (item as Json).type === 'null'
  );
}
