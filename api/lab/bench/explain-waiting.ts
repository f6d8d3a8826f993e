/**
 * EXPLAIN (ANALYZE, BUFFERS) of the 'Waiting for me' queries (the page, its capped total and the
 * badge's count) for a user, beside the status filter's page and kept count, on the PostgreSQL
 * database of DATABASE_URL, each planned for its parameters and generically (as a prepared
 * statement may be): `tsx lab/bench/explain-waiting.ts [email]` (default admin@example.com).
 * Each query the repository runs is captured by a logger and explained with its own parameters.
 */
import * as v from 'valibot';
import { ApprovalListQuerySchema } from 'shared-contracts';
import { capturingDb } from './capture';
import { countWaitingFor, listWaitingFor } from '../../src/modules/approvals/approval-queue.repository';
import { listApprovals } from '../../src/modules/approvals/approval-list.repository';

const { pool, db, captured } = capturingDb('explain on');
const email = process.argv[2] ?? 'admin@example.com';

async function explain(label: string, run: () => Promise<unknown>) {
  captured.length = 0;
  const started = performance.now();
  await run();
  const ms = performance.now() - started;
  console.info(`\n=== ${label}: ${ms.toFixed(1)} ms for ${captured.length} queries (cold-ish, one run)`);
  // Each statement twice: planned for its parameters (a prepared statement's first executions) and
  // generically (what PostgreSQL may keep for it after five), on one connection.
  const client = await pool.connect();
  try {
    for (const { query, params } of captured) {
      for (const mode of ['force_custom_plan', 'force_generic_plan']) {
        await client.query(`set plan_cache_mode = ${mode}`);
        await client.query(`prepare explained as ${query}`);
        const args = params.map((p) => (p === null ? 'null' : client.escapeLiteral(String(p))));
        const { rows } = await client.query(
          `explain (analyze, buffers) execute explained${args.length ? `(${args.join(', ')})` : ''}`,
        );
        await client.query('deallocate explained');
        console.info(`--- ${mode}: ${query.slice(0, 160)}…`);
        for (const row of rows as Array<Record<string, string>>) console.info(row['QUERY PLAN']);
      }
    }
  } finally {
    client.release();
  }
}

const [user] = await pool
  .query(
    'select id, role, created_by as "createdById", may_decide_payments as "mayDecidePayments" from users where email = $1',
    [email],
  )
  .then((r) => r.rows);
if (!user) throw new Error(`no user ${email}`);
const query = v.parse(ApprovalListQuerySchema, { view: 'waiting' });
const status = v.parse(ApprovalListQuerySchema, { status: 'PENDING' });
await explain('waiting for me: page + capped total', () => listWaitingFor(db, user, new Date(), query));
await explain('waiting for me: badge count', () => countWaitingFor(db, user, new Date()));
await explain('status PENDING: page + kept count', () => listApprovals(db, user, new Date(), status));
await pool.end();
