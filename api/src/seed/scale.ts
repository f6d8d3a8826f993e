/**
 * The scale data set of `pnpm bench --scale`: by default 1,000,000 approvals, 10,000
 * companies, 100,000 users and 2,000 managers, on top of the demo data (so the demo accounts sign
 * in). Companies come from the seed's bulk generator (multi-row INSERTs of 1000); users, managers,
 * vendor bank accounts and approvals with their history are generated inside PostgreSQL
 * (generate_series), approvals in chunks of 100,000, never row by row from Node.
 *
 * With `sessions` (extra connections of their own) the approval chunks, the index builds and the
 * VACUUM ANALYZE of the two big tables run side by side, one per session; without them (PGlite,
 * tests) one after another on `db`. Each approval chunk seeds random() itself, so the data does not
 * depend on which session wrote it.
 *
 * Invariants kept: every foreign key holds (checked in one pass per key after the load); the
 * trigger-kept tables (company_counts, user_counts, user_created_months, user_login_days,
 * manager_counts) are kept by their statement triggers as usual; the two row triggers that count
 * approvals are off during the bulk load (1,000,000 updates of the same counter rows would be
 * quadratic) and both count tables are then recomputed exactly. The users', approvals' and
 * activity's secondary indexes are dropped for the load and built again afterwards (the same
 * definitions, read from pg_index, with more maintenance_work_mem), then VACUUM ANALYZE. The steps commit one by one:
 * a seed interrupted half way leaves no marker, and the next run drops the database and starts over.
 *
 * Every approval's bills are keyed for duplicate detection (approval_bill_keys) as creating an
 * approval keys them, set-based after the approvals are in.
 *
 * PENDING approvals are only created during the last 25 days (the expiry sweep turns older ones
 * EXPIRED); decided ones carry who decided and when, with a history row for each step. Approvals in
 * the bank-file statuses carry the file's name and batch on the row; the bank files themselves (the
 * nacha_files and paid_bills rows) exist for the demo approvals only.
 *
 * This file holds the sizes, the marker and the order of the steps; the steps are in
 * scale-people.ts (users, managers), scale-payments.ts (originator settings, vendor accounts) and
 * scale-approvals.ts (approvals, their bills' keys and steps; the generating statement itself is
 * scale-approval-sql.ts), over the bulk-loading tools of scale-load.ts.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { seedBulkCompanies } from './companies';
import { insertApprovals, insertBillKeys, insertDefaultSteps } from './scale-approvals';
import { countOf, rowsOf, runTasks } from './scale-load';
import { insertPaymentAccounts } from './scale-payments';
import { insertManagers, insertUsers } from './scale-people';

export interface ScaleSizes {
  approvals: number;
  companies: number;
  users: number;
  managers: number;
}

export const SCALE_SIZES: ScaleSizes = {
  approvals: 1_000_000,
  companies: 10_000,
  users: 100_000,
  managers: 2_000,
};

/** Not part of the schema: written last, so its presence means the whole data set is there. */
export const SCALE_MARKER_TABLE = 'bench_scale_seed';

const APPROVAL_CHUNK = 100_000;

/** The sizes recorded by a finished scale seed, or undefined. */
export async function readScaleMarker(
  db: Db,
): Promise<(ScaleSizes & { version?: number; seededAt: string }) | undefined> {
  const [exists] = rowsOf<{ t: string | null }>(
    await db.execute(sql`select to_regclass(${SCALE_MARKER_TABLE}) as t`),
  );
  if (!exists?.t) return undefined;
  const [row] = rowsOf<{ sizes: ScaleSizes & { version?: number }; seeded_at: Date | string }>(
    await db.execute(sql.raw(`select sizes, seeded_at from "${SCALE_MARKER_TABLE}" limit 1`)),
  );
  return row ? { ...row.sizes, seededAt: new Date(row.seeded_at).toISOString() } : undefined;
}

/**
 * What the data set holds, recorded in the marker: a database seeded by an older version (2: the
 * bills' duplicate-detection keys) is seeded again rather than measured without what it lacks.
 */
export const SCALE_SEED_VERSION = 2;

/** True when a marker records exactly these sizes and this seed version (seededAt aside). */
export function markerMatches(marker: ScaleSizes & { version?: number }, sizes: ScaleSizes): boolean {
  return (
    marker.version === SCALE_SEED_VERSION &&
    (Object.keys(SCALE_SIZES) as Array<keyof ScaleSizes>).every((key) => marker[key] === sizes[key])
  );
}

export interface ScaleSeedOptions {
  sizes: ScaleSizes;
  /** The demo password's hash, given to every generated user. */
  passwordHash: string;
  bankAccountKey: Buffer;
  qbTokenKey: Buffer;
  log?: (line: string) => void;
  now?: Date;
  /**
   * Other sessions on the same database (each its own connection) for the work that can run side
   * by side; none: everything on `db`, one step after another.
   */
  sessions?: Db[];
  /** Approvals per INSERT (default APPROVAL_CHUNK). */
  chunk?: number;
}

/**
 * Adds generated rows until each table holds `sizes` rows (the demo data must be there already),
 * then writes the marker. Meant for a database of its own: it takes the time and locks it needs.
 */
export async function seedScale(db: Db, options: ScaleSeedOptions): Promise<void> {
  const { sizes } = options;
  const log = options.log ?? (() => undefined);
  const now = options.now ?? new Date();
  const started = Date.now();
  const step = async (label: string, work: () => Promise<unknown>) => {
    const at = Date.now();
    await work();
    log(`  ${label} (${((Date.now() - at) / 1000).toFixed(1)} s)`);
  };

  const sessions = options.sessions?.length ? options.sessions : [db];
  const missingUsers = sizes.users - (await countOf(db, 'users'));
  if (missingUsers > 0) {
    await step(`${missingUsers} users`, () =>
      insertUsers(db, sessions, missingUsers, options.passwordHash, now, step),
    );
  }
  const missingManagers = sizes.managers - (await countOf(db, 'managers'));
  if (missingManagers > 0) {
    await step(`${missingManagers} managers`, () => insertManagers(db, missingManagers, now));
  }
  const missingCompanies = sizes.companies - (await countOf(db, 'companies'));
  if (missingCompanies > 0) {
    await step(`${missingCompanies} companies`, () =>
      seedBulkCompanies(db, missingCompanies, { qbTokenKey: options.qbTokenKey, now }),
    );
  }
  await step('payment settings and vendor bank accounts of every company', () =>
    insertPaymentAccounts(db, options.bankAccountKey),
  );
  const missingApprovals = sizes.approvals - (await countOf(db, 'approvals'));
  if (missingApprovals > 0) {
    await insertApprovals(db, sessions, missingApprovals, options.chunk ?? APPROVAL_CHUNK, now, log, step);
  }
  await step("duplicate-detection keys of every approval's bills", () => insertBillKeys(db, sessions, step));
  await step('steps of the pending approvals (the default approval policy)', () => insertDefaultSteps(db));
  await step('VACUUM ANALYZE', async () => {
    // The two big tables side by side when there are sessions for it, then everything else.
    await runTasks(
      sessions,
      ['approvals', 'activity'].map(
        (table) => (session: Db) => session.execute(sql.raw(`vacuum analyze "${table}"`)),
      ),
    );
    await db.execute(sql`vacuum analyze`);
  });
  await db.execute(
    sql.raw(
      `create table if not exists "${SCALE_MARKER_TABLE}" (sizes jsonb not null, seeded_at timestamptz not null default now(), seconds integer not null)`,
    ),
  );
  await db.execute(sql.raw(`delete from "${SCALE_MARKER_TABLE}"`));
  await db.execute(
    sql`insert into ${sql.identifier(SCALE_MARKER_TABLE)} (sizes, seconds) values (${JSON.stringify({ ...sizes, version: SCALE_SEED_VERSION })}::jsonb, ${Math.round((Date.now() - started) / 1000)})`,
  );
}
