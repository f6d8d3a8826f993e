import * as v from 'valibot';
import { ApiErrorBodySchema, PaginationSchema } from 'shared-contracts';

/**
 * Envelopes as response schemas. Routes declare `response: { 200: okSchema(X) }`; the
 * answer is serialized through it (properties the schema does not name are dropped) and the API
 * description shows it.
 */

/** `{ success: true, data }`. */
export function okSchema<const S extends v.GenericSchema>(data: S) {
  return v.object({ success: v.literal(true), data });
}

/** `{ success: true, data: [item…], meta: { pagination } }`: a page of a list. */
export function pagedSchema<const S extends v.GenericSchema>(item: S) {
  return v.object({
    success: v.literal(true),
    data: v.array(item),
    meta: v.object({ pagination: PaginationSchema }),
  });
}

/** `{ success: true, data: null }`: a write with nothing to answer (delete, logout). */
export const emptyOkSchema = okSchema(v.null());

/** `{ success: false, error: { message, code, fields? } }`: every 4xx and 5xx (documentation). */
export const failureSchema = v.object({ success: v.literal(false), error: ApiErrorBodySchema });

/**
 * A file answer (text or a stream) sent as it is: its media types and response headers, for the
 * API description. `response: { 200: fileSchema('…', { 'text/csv': v.string() }) }`; Fastify
 * never serializes a string or stream sent with its own Content-Type, so the reply's type stays
 * open (a Readable is fine).
 */
export function fileSchema(
  description: string,
  content: Record<string, v.GenericSchema>,
  headers?: Record<string, { description: string; type: 'string' | 'integer' }>,
): {
  description: string;
  content: Record<string, { schema: v.GenericSchema }>;
  headers?: Record<string, { description: string; type: 'string' | 'integer' }>;
} {
  return {
    description,
    content: Object.fromEntries(Object.entries(content).map(([type, schema]) => [type, { schema }])),
    ...(headers ? { headers } : {}),
  };
}
