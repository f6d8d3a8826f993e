/**
 * EXPLAIN (ANALYZE, BUFFERS) of the payments board's statements and of the dashboard's "Your work"
 * for a user, on the PostgreSQL database of DATABASE_URL: `tsx lab/bench/explain-payments-board.ts
 * [email]` (default admin@example.com). Each statement the repositories run is captured and
 * explained with its own parameters.
 */
import { eq } from 'drizzle-orm';
import { users } from '../../src/db/schema';
import { paymentsBoard } from '../../src/modules/payments/payments-board.repository';
import { yourWork } from '../../src/modules/approvals/your-work.repository';
import { capturingDb } from './capture';

const { pool, db, captured } = capturingDb('explain on');
const email = process.argv[2] ?? 'admin@example.com';

async function explain(label: string, run: () => Promise<unknown>) {
  captured.length = 0;
  const started = performance.now();
  await run();
  console.info(
    `\n=== ${label}: ${(performance.now() - started).toFixed(1)} ms for ${captured.length} statements`,
  );
  const client = await pool.connect();
  try {
    for (const { query, params } of captured) {
      await client.query(`prepare explained as ${query}`);
      const args = params.map((p) => (p === null ? 'null' : client.escapeLiteral(String(p))));
      const { rows } = await client.query(
        `explain (analyze, buffers) execute explained${args.length ? `(${args.join(', ')})` : ''}`,
      );
      await client.query('deallocate explained');
      console.info(`--- ${query.slice(0, 200)}…`);
      for (const row of rows as Array<Record<string, string>>) console.info(row['QUERY PLAN']);
    }
  } finally {
    client.release();
  }
}

const [person] = await db
  .select({ id: users.id, role: users.role })
  .from(users)
  .where(eq(users.email, email));
if (!person) throw new Error(`no user ${email}`);
await explain('payments board', () => paymentsBoard(db, new Date()));
await explain(`your work of ${email}`, () => yourWork(db, person, new Date(), 100));
await pool.end();
