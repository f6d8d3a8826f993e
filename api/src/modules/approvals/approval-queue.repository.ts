import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { WAITING_COUNT_CAP, POLICY_ROLES, type ApprovalListQuery } from 'shared-contracts';
import type { Db } from '../../db/client';
import { literalCount, preparedQuery } from '../../db/prepared';
import { approvals, companies } from '../../db/schema';

import { namesPerson, notTheirs, personalKeys, viewerValues, type Viewer } from './viewer-decision';
import {
  filterValues,
  listOrder,
  listRowColumns,
  placeholderConditions,
  shapeKey,
  shapeOf,
  SORT_EXPRESSIONS,
  toCapped,
  toListRow,
  type ApprovalCount,
  type ApprovalPage,
  type FilterShape,
} from './approval-list.repository';

// ---- the reviewer's queue ('Waiting for me') ---------------------------------------------------

/** The signed-in person, as the queue reads them (their role as the request authenticated it). */
export interface QueuePerson {
  id: number;
  role: string;
}

/** The role key, written into the statement's text: a role is one of a few fixed words. */
function roleKey(role: string): SQL {
  if (!/^[A-Z]+$/.test(role)) throw new Error(`not a role: ${role}`);
  return sql.raw(`array['r:${role}']::text[]`);
}

/**
 * The pending approvals whose open step names the person's role or one of their personal keys;
 * never their own, never one where they (or anyone they stand in for) decided a step already
 * (waiting_decided, kept beside the keys: no look-up of approval_decisions per row; never NULL where
 * waiting_for is not). waiting_for is NULL unless the approval is PENDING with an open step (kept so
 * by triggers), hence no status filter.
 *
 * The statement is prepared once per role and shape. The role's key is in its text, so PostgreSQL
 * knows from the keys' statistics how much of the queue it matches, even in a generic plan: for an
 * ADMIN or a MODERATOR (named on nearly every waiting approval by the default policy) it walks the
 * waiting approvals' partial index in the list's order and stops at the LIMIT — the default order's
 * index includes the keys, the deciders and the creator, so that walk (every badge count, the
 * default page) reads no table row; were the role named on few, the GIN index's bitmap of those.
 * The personal keys are computed inside the statement (a role change, a new approver or a
 * delegation window applies at once), and match few approvals each.
 */
function queueCondition(role: string): SQL {
  return sql`${namesPerson(roleKey(role))} and ${notTheirs()}`;
}

/** Whether steps may name the role (MODERATOR, ADMIN): its holders' queue is the walk above. */
const namedRole = (role: string) => (POLICY_ROLES as readonly string[]).includes(role);

/**
 * The queue of someone whose role no step names (a USER): their personal keys only, which match
 * few approvals each, computed inside the statement like a role holder's. On coalesce(waiting_for,
 * '{}') (its own GIN index, migration 0035), which the waiting approvals' partial indexes cannot
 * serve: PostgreSQL has no walk in the list's order to choose, and its kept generic plan is that
 * index's bitmap of the keys, whatever number of matches it guesses. (On waiting_for itself, a
 * generic plan guessed a share of the table and walked every waiting approval: 17 ms at a million,
 * so the keys were read first and the statement planned again on every request.)
 */
function narrowCondition(): SQL {
  return sql`coalesce(${approvals.waitingFor}, '{}'::text[]) && ${personalKeys} and ${notTheirs()}`;
}

/**
 * The statement's condition for the person: the role's walk, or their own keys' bitmap. The
 * dashboard's 'Your work' totals the same queue.
 */
export function queueOf(
  person: QueuePerson,
  now: Date,
): { kind: string; narrow: boolean; where: () => SQL; values: Record<string, unknown> } {
  const values = personValues(person, now);
  return namedRole(person.role)
    ? { kind: person.role, narrow: false, where: () => queueCondition(person.role), values }
    : { kind: 'own-keys', narrow: true, where: narrowCondition, values };
}

const DEFAULT_ORDER = listOrder({ sortBy: 'createdAt', sortOrder: 'desc' });

/**
 * How many approvals `where` matches, counted up to `capPlusOne` - 1 only (a LIMIT inside the
 * count): for an ADMIN nearly every pending approval waits, and an exact count of those is a scan
 * that grows with the table, while the first cap + 1 matches are a bounded walk. Walked in the
 * default order whatever the page's: the number of matches up to a limit does not depend on the
 * order, and that order's index is the one that covers the filter.
 */
function cappedCountQuery(db: Db, where: SQL | undefined, capPlusOne: number) {
  const matches = db
    .select({ one: sql<number>`1`.as('one') })
    .from(approvals)
    .where(where)
    .orderBy(...DEFAULT_ORDER)
    .limit(capPlusOne)
    .as('matches');
  return db.select({ n: count() }).from(matches);
}

/** The placeholder values every queue statement takes: who asks, and when (delegation windows). */
function personValues(person: QueuePerson, now: Date): Record<string, unknown> {
  return { me: person.id, at: now.toISOString() };
}

/**
 * The queue's capped count of a filter shape, its LIMIT written into the text (literalCount): with
 * `LIMIT $1` the generic plan guesses a tenth of the rows, costs more than the custom ones and is
 * never kept, so the statement was planned again on every request.
 */
function preparedQueueCount(db: Db, kind: string, where: () => SQL, shape: FilterShape, capPlusOne: number) {
  return preparedQuery(db, `approvals:queue-count:${kind}:${shapeKey(shape)}:${capPlusOne}`, () =>
    cappedCountQuery(db, and(where(), placeholderConditions(shape)), literalCount(capPlusOne)),
  );
}

/**
 * One page of the queue (with the list's other filters and order) and its total, capped at
 * WAITING_COUNT_CAP (a lower bound when `capped`; never below the end of the page asked for), in one
 * prepared statement: the person's keys, the page and the count (for someone whose role no step
 * names, listNarrowQueue).
 */
export async function listWaitingFor(
  db: Db,
  person: Viewer,
  now: Date,
  query: ApprovalListQuery,
  countCap = WAITING_COUNT_CAP,
): Promise<ApprovalPage> {
  const offset = (query.page - 1) * query.limit;
  const cap = Math.max(countCap, offset + query.limit);
  const shape = shapeOf(query);
  const queue = queueOf(person, now);
  const firstPage = offset === 0;
  const values = {
    ...viewerValues(person, now),
    ...queue.values,
    ...filterValues(query),
    offset,
    capPlusOne: cap + 1,
  };
  if (queue.narrow) return listNarrowQueue(db, person, queue, shape, query, values, cap);
  // The page's ids on approvals alone (the walk), then the company of those ten only; the capped
  // total in the same statement (an uncorrelated subquery PostgreSQL runs once). The LIMIT is written
  // into the SQL (literalCount), so the generic plan knows it stops after a page.
  const prepared = preparedQuery(
    db,
    `approvals:queue-page:${queue.kind}:${shapeKey(shape)}:${query.sortBy}:${query.sortOrder}:${query.limit}:${firstPage ? cap + 1 : 'n'}`,
    () => {
      const where = and(queue.where(), placeholderConditions(shape));
      const ordered = db
        .select({ id: approvals.id })
        .from(approvals)
        .where(where)
        .orderBy(...listOrder(query))
        .limit(literalCount(query.limit));
      // The first page (nearly every request) with its offset and the count's LIMIT in the text,
      // so that PostgreSQL keeps one generic plan for it (see preparedQueueCount).
      const pageIds = firstPage ? ordered : ordered.offset(sql.placeholder('offset') as unknown as number);
      const total = cappedCountQuery(
        db,
        where,
        firstPage ? literalCount(cap + 1) : (sql.placeholder('capPlusOne') as unknown as number),
      );
      return db
        .select({
          ...listRowColumns(),
          total: sql<number>`(${total})`.mapWith(Number),
        })
        .from(approvals)
        .leftJoin(companies, eq(approvals.companyId, companies.id))
        .where(inArray(approvals.id, pageIds))
        .orderBy(...listOrder(query));
    },
  );
  const rows = await prepared.execute(values);
  // No row: nothing matches, or a page past the end (whose total is asked for on its own).
  let counted: ApprovalCount;
  if (rows.length > 0) counted = toCapped(rows[0]!.total, cap);
  else if (query.page === 1) counted = toCapped(0, cap);
  else {
    const [row] = await preparedQueueCount(db, queue.kind, queue.where, shape, cap + 1).execute(values);
    counted = toCapped(row?.n ?? 0, cap);
  }
  return { rows: rows.map((row) => toListRow(row, person)), ...counted };
}

type Queue = ReturnType<typeof queueOf>;

/**
 * The queue of someone named on few approvals (narrowCondition): every match at once, through the
 * GIN index's bitmap of their keys, then the page sorted from those and the total counted from them
 * (exact: toCapped caps it), in one prepared statement. `mine` is referenced twice, so PostgreSQL
 * materializes it once. Its cost grows with the person's matches, not with the table: a few dozen
 * for a USER (the approver of eleven companies at a million approvals: 54).
 */
async function listNarrowQueue(
  db: Db,
  person: Viewer,
  queue: Queue,
  shape: FilterShape,
  query: ApprovalListQuery,
  values: Record<string, unknown>,
  cap: number,
): Promise<ApprovalPage> {
  const firstPage = query.page === 1;
  const prepared = preparedQuery(
    db,
    `approvals:queue-narrow-page:${queue.kind}:${shapeKey(shape)}:${query.sortBy}:${query.sortOrder}:${query.limit}:${firstPage ? 'first' : 'n'}`,
    () => {
      const direction = query.sortOrder === 'asc' ? asc : desc;
      const mine = db.$with('mine').as(
        db
          .select({ id: approvals.id, key: sql`${SORT_EXPRESSIONS[query.sortBy]}`.as('key') })
          .from(approvals)
          .where(and(queue.where(), placeholderConditions(shape))),
      );
      const ordered = db
        .select({ id: mine.id })
        .from(mine)
        .orderBy(direction(mine.key), direction(mine.id))
        .limit(literalCount(query.limit));
      const pageIds = firstPage ? ordered : ordered.offset(sql.placeholder('offset') as unknown as number);
      return db
        .with(mine)
        .select({
          ...listRowColumns(),
          total: sql<number>`(select count(*) from ${mine})`.mapWith(Number),
        })
        .from(approvals)
        .leftJoin(companies, eq(approvals.companyId, companies.id))
        .where(inArray(approvals.id, pageIds))
        .orderBy(...listOrder(query));
    },
  );
  const rows = await prepared.execute(values);
  // No row: nothing matches (page 1), or a page past the end, whose total is counted on its own.
  const total = rows[0]?.total ?? (firstPage ? 0 : await narrowCount(db, queue, shape, values));
  return {
    rows: rows.map((row) => toListRow(row, person)),
    ...toCapped(total, cap),
  };
}

/** How many approvals a narrow queue holds, exactly (the GIN index's bitmap; no ordered walk). */
async function narrowCount(db: Db, queue: Queue, shape: FilterShape, values: Record<string, unknown>) {
  const [row] = await preparedQuery(db, `approvals:queue-narrow-count:${queue.kind}:${shapeKey(shape)}`, () =>
    db
      .select({ n: count() })
      .from(approvals)
      .where(and(queue.where(), placeholderConditions(shape))),
  ).execute(values);
  return row?.n ?? 0;
}

/** How many approvals wait for the person (the sidebar badge, the dashboard card), up to `cap`. */
export async function countWaitingFor(
  db: Db,
  person: QueuePerson,
  now: Date,
  cap = WAITING_COUNT_CAP,
): Promise<{ count: number; capped: boolean }> {
  const queue = queueOf(person, now);
  const shape = shapeOf({});
  const counted = toCapped(
    queue.narrow
      ? await narrowCount(db, queue, shape, queue.values)
      : ((await preparedQueueCount(db, queue.kind, queue.where, shape, cap + 1).execute(queue.values))[0]
          ?.n ?? 0),
    cap,
  );
  return { count: counted.total, capped: counted.capped };
}

/** Pending approvals flagged stuck (a partial index holds exactly these). */
export async function countStuck(db: Db): Promise<number> {
  const [counted] = await db
    .select({ n: count() })
    .from(approvals)
    .where(and(eq(approvals.stuck, true), eq(approvals.status, 'PENDING')));
  return counted?.n ?? 0;
}
