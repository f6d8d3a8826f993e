/**
 * The API's PostgreSQL sessions carry statement_timeout and idle_in_transaction_session_timeout, so
 * neither a runaway statement nor a transaction left open by a stuck request holds a connection
 * (and its locks) for long; migrations lift both for their own session. JIT compilation is off in
 * them (a few-row statement must not spend 100 ms compiling because its estimate looks large).
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, testConfig, type TestContext } from '../test/build';
import { openPostgres } from './client';
import { migrateDatabase } from './migrate';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

describe.runIf(process.env.TEST_DB_ENGINE === 'postgres')('PostgreSQL session limits', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await build({ seed: false });
  });
  afterAll(async () => t?.close());

  it('default to 30 s per statement and 15 s idle in a transaction', () => {
    expect(testConfig().databaseSession).toEqual({
      statementTimeoutMs: 30_000,
      idleInTransactionTimeoutMs: 15_000,
    });
  });

  it('are set on every session of the API pool', async () => {
    const rows = rowsOf<{ statement: string; idle: string }>(
      await t.database.db.execute(
        sql`select current_setting('statement_timeout') as statement,
        current_setting('idle_in_transaction_session_timeout') as idle, current_setting('jit') as jit`,
      ),
    );
    // No JIT: a short statement whose estimate passes jit_above_cost would compile on every run.
    expect(rows[0]).toEqual({ statement: '30s', idle: '15s', jit: 'off' });
  });

  it('cancel a statement that runs too long and end a transaction left idle', async () => {
    if (t.database.kind !== 'postgres') throw new Error('PostgreSQL only');
    const url = String(t.database.pool.options.connectionString);
    const tight = openPostgres(url, 1, { statementTimeoutMs: 200, idleInTransactionTimeoutMs: 300 });
    try {
      await expect(tight.db.execute(sql`select pg_sleep(2)`)).rejects.toThrow();
      const client = await tight.pool.connect();
      let failure: Error | undefined;
      try {
        await client.query('begin');
        await new Promise((resolve) => setTimeout(resolve, 800));
        await expect(client.query('select 1')).rejects.toThrow();
        failure = new Error('session ended');
      } finally {
        client.release(failure);
      }
      // The pool opens a fresh session afterwards.
      expect((await tight.pool.query<{ n: number }>('select 1 as n')).rows[0]?.n).toBe(1);
    } finally {
      await tight.close();
    }
  });

  it('do not apply to migrations', async () => {
    if (t.database.kind !== 'postgres') throw new Error('PostgreSQL only');
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const name = `api_limits_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`create database "${name}"`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      // So tight that a migration's statements would be cancelled if they inherited it.
      const database = openPostgres(url.toString(), 1, {
        statementTimeoutMs: 1,
        idleInTransactionTimeoutMs: 1,
      });
      try {
        await migrateDatabase(database);
        const { rows } = await database.pool.query<{ statement: string }>(
          `select current_setting('statement_timeout') as statement`,
        );
        // The session is back to the pool's own limit afterwards.
        expect(rows[0]?.statement).toBe('1ms');
      } finally {
        await database.close();
      }
    } finally {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
  });
});
