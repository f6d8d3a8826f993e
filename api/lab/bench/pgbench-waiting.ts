/**
 * The database's own rate for each statement of the 'Waiting for me' page, its badge and the status
 * filter's page: each statement the repository sends is captured (as explain-waiting.ts does) and
 * run by `pgbench -M prepared` (prepared once per connection, as the API's named statements are; its
 * parameters as pgbench variables, so PostgreSQL plans and keeps them as it does the API's), `-c 2`
 * for N seconds each (`-M extended`, planned on every execution, for a statement the API runs unnamed:
 * PLAN_PER_EXECUTION). No Node, no HTTP: what PostgreSQL spends per statement. Each script and its
 * variables (`<script>.args`) stay in a temporary directory, printed, for trying variants by hand.
 * `DATABASE_URL=… tsx lab/bench/pgbench-waiting.ts [email] [seconds]`.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as v from 'valibot';
import { ApprovalListQuerySchema } from 'shared-contracts';
import { PLAN_PER_EXECUTION } from '../../src/db/client';
import { capturingDb } from './capture';
import { countWaitingFor, listWaitingFor } from '../../src/modules/approvals/approval-queue.repository';
import { listApprovals } from '../../src/modules/approvals/approval-list.repository';

const { url, pool, db, captured } = capturingDb('measure on');
const email = process.argv[2] ?? 'admin@example.com';
const seconds = Number(process.argv[3] ?? 10);
const dir = mkdtempSync(path.join(tmpdir(), 'pgbench-waiting-'));
console.info(`scripts in ${dir}`);

async function measure(label: string, run: () => Promise<unknown>) {
  captured.length = 0;
  await run();
  for (const [index, { query, params }] of captured.entries()) {
    // $n → :pn (pgbench's variables, sent as parameters under -M prepared), each given by -D.
    const script = path.join(dir, `${label.replace(/\W+/g, '-')}-${index}.sql`);
    // A colon inside a string literal ('r:ADMIN') would be read as a variable: written as E'\x3a'.
    const text = query
      .replace(/'[^']*'/g, (literal) =>
        literal.includes(':') ? `E${literal.replaceAll(':', '\\x3a')}` : literal,
      )
      .replace(/\$(\d+)/g, ':p$1');
    writeFileSync(script, `${text};\n`);
    const defines = params.flatMap((p, i) => [
      '-D',
      `p${i + 1}=${p instanceof Date ? p.toISOString() : String(p)}`,
    ]);
    writeFileSync(`${script}.args`, defines.join('\n'));
    const result = spawnSync(
      'pgbench',
      [
        '-n',
        '-M',
        query.includes(PLAN_PER_EXECUTION) ? 'extended' : 'prepared',
        '-c',
        '2',
        '-j',
        '2',
        '-T',
        String(seconds),
        ...defines,
        '-f',
        script,
        url,
      ],
      { encoding: 'utf8' },
    );
    const tps = /tps = ([\d.]+)/.exec(result.stdout)?.[1];
    const latency = /latency average = ([\d.]+) ms/.exec(result.stdout)?.[1];
    console.info(
      `${label}${captured.length > 1 ? ` #${index + 1}` : ''}: ${tps ?? '?'} statements/s, ${latency ?? '?'} ms average${tps ? '' : `\n${result.stdout}${result.stderr}`}`,
    );
  }
}

const [user] = await pool
  .query(
    'select id, role, created_by as "createdById", may_decide_payments as "mayDecidePayments" from users where email = $1',
    [email],
  )
  .then((r) => r.rows);
if (!user) throw new Error(`no user ${email}`);
const at = new Date();
await measure('status PENDING: page + kept count', () =>
  listApprovals(db, user, at, v.parse(ApprovalListQuerySchema, { status: 'PENDING' })),
);
await measure('waiting for me: page + capped total', () =>
  listWaitingFor(db, user, at, v.parse(ApprovalListQuerySchema, { view: 'waiting' })),
);
await measure('waiting for me: badge count', () => countWaitingFor(db, user, at));
await pool.end();
