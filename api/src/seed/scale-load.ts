/**
 * The scale seed's bulk-loading tools: counting rows, running work side by side over the sessions,
 * and dropping a table's secondary indexes for a load and building them again after it.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export async function countOf(db: Db, table: string): Promise<number> {
  const [row] = rowsOf<{ n: string }>(await db.execute(sql.raw(`select count(*) as n from "${table}"`)));
  return Number(row?.n ?? 0);
}

/** maintenance_work_mem of each index build (sorting trigrams in memory instead of in runs). */
const INDEX_BUILD_MEMORY = '512MB';

/**
 * Runs `tasks` on the sessions, each session taking the next task when it is free (one at a time
 * per session); the first failure is thrown once every session has stopped.
 */
export async function runTasks(
  sessions: Db[],
  tasks: Array<(session: Db) => Promise<unknown>>,
): Promise<void> {
  const queue = [...tasks];
  const failures: unknown[] = [];
  await Promise.all(
    sessions.map(async (session) => {
      for (let task = queue.shift(); task && failures.length === 0; task = queue.shift()) {
        try {
          await task(session);
        } catch (error) {
          failures.push(error);
        }
      }
    }),
  );
  if (failures.length > 0) throw failures[0];
}

/** Builds indexes (pg_get_indexdef text) over the sessions, GIN ones first: they take longest. */
export async function buildIndexes(
  sessions: Db[],
  indexes: IndexDefinition[],
  step: (label: string, work: () => Promise<unknown>) => Promise<void>,
): Promise<void> {
  const gin = (index: IndexDefinition) => Number(/ using gin /i.test(index.definition));
  await runTasks(
    sessions,
    [...indexes]
      .sort((a, b) => gin(b) - gin(a))
      .map(
        (index) => (session: Db) =>
          step(`index ${index.name}`, () =>
            session.transaction(async (tx) => {
              await tx.execute(sql.raw(`set local maintenance_work_mem = '${INDEX_BUILD_MEMORY}'`));
              await tx.execute(sql.raw(index.definition));
            }),
          ),
      ),
  );
}

export interface IndexDefinition {
  name: string;
  definition: string;
}

export async function secondaryIndexes(db: Db, table: string): Promise<IndexDefinition[]> {
  return rowsOf<IndexDefinition>(
    await db.execute(sql`
      select c.relname as name, pg_get_indexdef(i.indexrelid) as definition
      from pg_index i join pg_class c on c.oid = i.indexrelid
      where i.indrelid = ${table}::regclass and not i.indisprimary and not i.indisunique
      order by c.relname`),
  );
}
