import { and, asc, count, desc, eq, inArray, isNotNull, notInArray, sql } from 'drizzle-orm';
import { STUCK_PAYMENTS_SHOWN, type ApprovalStatus, type YourWork } from 'shared-contracts';
import type { Db } from '../../db/client';
import { literalCount, preparedQuery } from '../../db/prepared';
import { approvals } from '../../db/schema';
import { toWorkItem, workItemColumns } from '../../db/work-items';
import { countStuck, queueOf, type QueuePerson } from './approval-queue.repository';

/** The signed-in person, as the queue reads them (their role as the request authenticated it). */
export type WorkPerson = QueuePerson;

/** The queue's default order, the one its partial index approvals_waiting_created_at_id_idx has. */
const DEFAULT_ORDER = [desc(approvals.createdAt), desc(approvals.id)];

/** The oldest waiting approvals the dashboard lists. */
export const OLDEST_SHOWN = 5;

/**
 * How many approvals wait for the person and what they add up to (every bill, in cents), up to
 * `cap` as the badge counts them: for a role named on nearly every pending approval the first cap + 1
 * of the queue's walk in the default order (then `capped`, and the amount is of those: a lower
 * bound), for anyone else every match of their own keys.
 */
async function waitingTotals(db: Db, person: WorkPerson, now: Date, cap: number) {
  const queue = queueOf(person, now);
  const [row] = await preparedQuery(db, `approvals:work-waiting:${queue.kind}:${cap + 1}`, () => {
    const walk = db
      .select({ amount: sql<number>`${approvals.totalAmountCents}`.as('amount') })
      .from(approvals)
      .where(queue.where())
      .orderBy(...DEFAULT_ORDER);
    const matches = (queue.narrow ? walk : walk.limit(literalCount(cap + 1))).as('matches');
    return db
      .select({ n: count(), cents: sql<number>`coalesce(sum(${matches.amount}), 0)`.mapWith(Number) })
      .from(matches);
  }).execute(queue.values);
  const n = row?.n ?? 0;
  return { count: Math.min(n, cap), capped: n > cap, amountCents: row?.cents ?? 0 };
}

/** The person's five oldest waiting approvals: the queue's walk in ascending order, stopped at five. */
async function oldestWaiting(db: Db, person: WorkPerson, now: Date) {
  const queue = queueOf(person, now);
  const rows = await preparedQuery(db, `approvals:work-oldest:${queue.kind}`, () =>
    db
      .select(workItemColumns('total'))
      .from(approvals)
      .where(queue.where())
      .orderBy(asc(approvals.createdAt), asc(approvals.id))
      .limit(literalCount(OLDEST_SHOWN)),
  ).execute(queue.values);
  return rows.map(toWorkItem);
}

/** From a decision to the bank: the statuses of an approval whose bills are still to be paid. */
const UNPAID: ApprovalStatus[] = ['PENDING', 'APPROVED', 'NACHA_PENDING', 'NACHA_GENERATED', 'BANK_UPLOADED'];

type Overdue = YourWork['overdue'];

/**
 * The bills past their due date (QuickBooks' DueDate, a 'YYYY-MM-DD' day, before today in UTC) of
 * the approvals still on their way to payment: pending ones' bills, decided ones' approved bills (a
 * rejected bill is not going to be paid here; a rejected, expired, paid or returned approval is out).
 * One statement: the unpaid approvals through approvals_status_id_idx (a Bitmap Index Scan), each
 * one's bills expanded (jsonb_array_elements) and summed in cents. Its cost follows the approvals not
 * yet paid, not the history of paid ones, but it reads each one's bills: with 27,000 unpaid approvals
 * EXPLAIN ANALYZE says 270 ms (lab/bench/explain-payments-board.ts). A due-date column on
 * approval_bill_keys would make it an index range; until then overdueBills reuses a slow answer.
 */
async function readOverdueBills(db: Db, now: Date): Promise<Overdue> {
  const today = now.toISOString().slice(0, 10);
  const [row] = await db
    .select({
      bills: count(),
      approvals: sql<number>`count(distinct ${approvals.id})`.mapWith(Number),
      amountCents: sql<number>`coalesce(sum(round((bill ->> 'TotalAmt')::numeric * 100)), 0)`.mapWith(Number),
    })
    .from(approvals)
    .innerJoin(
      sql`lateral jsonb_array_elements(coalesce(${approvals.approvedBills}, ${approvals.bills})) as bill`,
      sql`true`,
    )
    .where(
      and(
        inArray(approvals.status, UNPAID),
        sql`(bill ->> 'DueDate') ~ '^\\d{4}-\\d{2}-\\d{2}'`,
        sql`left(bill ->> 'DueDate', 10) < ${today}`,
      ),
    );
  return { bills: row?.bills ?? 0, approvals: row?.approvals ?? 0, amountCents: row?.amountCents ?? 0 };
}

/** An answer that took longer than this is reused for OVERDUE_REUSE_MS (a cheap one never is). */
const OVERDUE_SLOW_MS = 50;
const OVERDUE_REUSE_MS = 60_000;
const overdueMemo = new WeakMap<Db, { day: string; until: number; value: Overdue }>();

/**
 * readOverdueBills, reused for a minute in this process when it was slow: the stats are re-read on
 * every live event (at most once a second per tab), while due dates move by days and a bill
 * becomes overdue at midnight (a new UTC day is always read afresh). Where it is cheap (the demo,
 * the tests) every read is fresh.
 */
async function overdueBills(db: Db, now: Date): Promise<Overdue> {
  const day = now.toISOString().slice(0, 10);
  const kept = overdueMemo.get(db);
  if (kept && kept.day === day && kept.until > Date.now()) return kept.value;
  const started = Date.now();
  const value = await readOverdueBills(db, now);
  const took = Date.now() - started;
  if (took > OVERDUE_SLOW_MS) overdueMemo.set(db, { day, until: Date.now() + OVERDUE_REUSE_MS, value });
  else overdueMemo.delete(db);
  return value;
}

/** Forgets a reused overdue answer (a test that changes bills and reads again at once). */
export function forgetOverdueBills(db: Db): void {
  overdueMemo.delete(db);
}

/**
 * What a payments approver calls stuck once they have decided: approved, but the bank file could not
 * be written (a vendor without a confirmed account, an amount over the company's limit, settings
 * missing, …), so the money does not move until someone fixes it. generateBankFile leaves such an
 * approval APPROVED with the reason in nacha_processing_status ('GENERATED' and 'PENDING' are not
 * reasons). Approvals nobody active may approve are the other kind of stuck: the waiting count
 * already names them (WaitingCount.stuck). Read through approvals_status_created_at_id_idx.
 */
async function stuckPayments(db: Db) {
  const where = and(
    eq(approvals.status, 'APPROVED'),
    isNotNull(approvals.nachaProcessingStatus),
    notInArray(approvals.nachaProcessingStatus, ['GENERATED', 'PENDING']),
  );
  const [[counted], rows] = await Promise.all([
    db.select({ n: count() }).from(approvals).where(where),
    db
      .select({ ...workItemColumns('approved'), reason: sql<string>`${approvals.nachaProcessingStatus}` })
      .from(approvals)
      .where(where)
      .orderBy(asc(approvals.createdAt), asc(approvals.id))
      .limit(STUCK_PAYMENTS_SHOWN),
  ]);
  return {
    count: counted?.n ?? 0,
    approvals: rows.map((row) => ({ ...toWorkItem(row), reason: row.reason })),
  };
}

/** The dashboard's "Your work": seven small statements side by side, none per approval. */
export async function yourWork(db: Db, person: WorkPerson, now: Date, cap: number): Promise<YourWork> {
  const [waiting, oldest, escalated, overdue, stuck] = await Promise.all([
    waitingTotals(db, person, now, cap),
    oldestWaiting(db, person, now),
    countStuck(db),
    overdueBills(db, now),
    stuckPayments(db),
  ]);
  return { waiting, oldest, escalated, overdue, stuckPayments: stuck };
}
