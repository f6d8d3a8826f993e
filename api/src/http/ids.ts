import { ID_MAX } from 'shared-contracts';
import { notFound } from './http-error';

/**
 * A validated path id (IdParamSchema accepts any positive whole number) as one that may exist:
 * an id beyond the column's range answers 404 like any other unknown id, not a 500 from the
 * database.
 */
export function existingId(id: number, notFoundMessage?: string): number {
  if (id > ID_MAX) throw notFound(notFoundMessage);
  return id;
}
