/**
 * Makes a write to `approvals` fail as PostgreSQL fails a deadlock's victim (40P01), so a test can
 * check that a writer which meets the QuickBooks import's pages on the status counters runs again:
 * a trigger counts the rows written and refuses the one `arm(n)` names. Both engines.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

export interface DeadlockShot {
  /** The n-th row written to `approvals` from now (1: the next) is refused once. */
  arm(nth?: number): Promise<void>;
  /** True once the refused row's write was made again (a later row was counted). */
  refusedThenWritten(): Promise<boolean>;
  remove(): Promise<void>;
}

/**
 * Installs the trigger (named `name`), disarmed: writes of `events` ('insert or update or delete',
 * say) on approvals pass until `arm`. `when` narrows the rows counted (a trigger WHEN condition).
 */
export async function installDeadlockShot(
  db: Db,
  name: string,
  { events, when }: { events: string; when?: string },
): Promise<DeadlockShot> {
  // Counting up from 1 the trigger refuses nothing; arming sets it to reach 0 at the row named.
  await db.execute(sql.raw(`create sequence ${name} minvalue -1000000 start with 1`));
  await db.execute(
    sql.raw(`create function ${name}() returns trigger language plpgsql as $$
      begin
        if nextval('${name}') = 0 then
          raise exception 'deadlock detected' using errcode = '40P01';
        end if;
        return coalesce(new, old);
      end $$`),
  );
  await db.execute(
    sql.raw(`create trigger ${name} before ${events} on approvals for each row
      ${when ? `when (${when})` : ''} execute function ${name}()`),
  );
  return {
    arm: async (nth = 1) => {
      await db.execute(sql.raw(`select setval('${name}', ${1 - nth}, false)`));
    },
    refusedThenWritten: async () => {
      const result = await db.execute(sql.raw(`select last_value::int as shots, is_called from ${name}`));
      const [row] = (result as unknown as { rows: Array<{ shots: number; is_called: boolean }> }).rows;
      return row!.is_called && row!.shots > 0;
    },
    remove: async () => {
      await db.execute(sql.raw(`drop trigger ${name} on approvals`));
      await db.execute(sql.raw(`drop function ${name}()`));
      await db.execute(sql.raw(`drop sequence ${name}`));
    },
  };
}
