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
 */
import { sql } from 'drizzle-orm';
import { encryptSecret } from '../security/token-cipher';
import type { Db } from '../db/client';
import { companyPaymentSettings } from '../db/schema';
import { seedBulkCompanies } from './companies';
import { paymentSettingsFor, randomRoutingNumber } from './payments';
import { createRandom } from './random';
import { DEMO_ACCOUNTS } from './users';
import { FIRST_NAMES, ITEMS, LAST_NAMES, MANAGER_TITLES, PLACES, REJECTION_REASONS, VENDORS } from './data';

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

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

async function countOf(db: Db, table: string): Promise<number> {
  const [row] = rowsOf<{ n: string }>(await db.execute(sql.raw(`select count(*) as n from "${table}"`)));
  return Number(row?.n ?? 0);
}

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

/** maintenance_work_mem of each index build (sorting trigrams in memory instead of in runs). */
const INDEX_BUILD_MEMORY = '512MB';

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

/**
 * Runs `tasks` on the sessions, each session taking the next task when it is free (one at a time
 * per session); the first failure is thrown once every session has stopped.
 */
async function runTasks(sessions: Db[], tasks: Array<(session: Db) => Promise<unknown>>): Promise<void> {
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
async function buildIndexes(
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

/**
 * Users as the seed's bulk generator makes them (seedBulkUsers: the name lists, every role, one in
 * eight inactive, created over three years, 40% signed in during the last 60 days), in one INSERT …
 * SELECT inside PostgreSQL, with the table's secondary indexes (a trigram GIN among them) dropped
 * for the load and built again after it instead of updated row by row.
 */
async function insertUsers(
  db: Db,
  sessions: Db[],
  count: number,
  passwordHash: string,
  now: Date,
  step: (label: string, work: () => Promise<unknown>) => Promise<void>,
): Promise<void> {
  const indexes = await secondaryIndexes(db, 'users');
  for (const index of indexes) await db.execute(sql.raw(`drop index "${index.name}"`));
  const offset = await countOf(db, 'users');
  const roles = ['USER', 'USER', 'USER', 'USER', 'USER', 'USER', 'GUEST', 'GUEST', 'MODERATOR', 'ADMIN'];
  await db.execute(sql`select setseed(0.07)`);
  await db.execute(sql`
    with base as (
      select g,
        (${JSON.stringify(FIRST_NAMES)}::jsonb ->> floor(random() * ${FIRST_NAMES.length})::int) as first_name,
        (${JSON.stringify(LAST_NAMES)}::jsonb ->> floor(random() * ${LAST_NAMES.length})::int) as last_name,
        random() as r_first, random() as r_last, random() as r_active, random() as r_login,
        (${JSON.stringify(roles)}::jsonb ->> floor(random() * ${roles.length})::int) as role,
        ${now.toISOString()}::timestamptz - floor(random() * 1096) * interval '1 day'
          - floor(random() * 24) * interval '1 hour' as created_at,
        ${now.toISOString()}::timestamptz - (1 + floor(random() * 1440)) * interval '1 hour' as login_at
      from generate_series(${offset + 1}::int, ${offset + count}::int) as g
    )
    insert into users (email, password_hash, first_name, last_name, role, is_active, created_at, updated_at, last_login_at)
    select lower(first_name || '.' || last_name || '.' || g || '@bulk.example.com'), ${passwordHash},
      case when r_first >= 0.05 then first_name end,
      case when r_last >= 0.05 then last_name end,
      role::user_role, r_active >= 0.125, created_at, created_at,
      case when r_login < 0.4 then login_at end
    from base
    order by g`);
  await buildIndexes(sessions, indexes, step);
  await db.execute(sql`analyze users`);
}

/** Managers from the name lists; every fourth one linked to a distinct active staff account. */
async function insertManagers(db: Db, count: number, now: Date): Promise<void> {
  await db.execute(sql`select setseed(0.11)`);
  await db.execute(sql`
    with linkable as (
      select u.id, row_number() over (order by u.id) as rn
      from users u
      where u.is_active and u.role <> 'GUEST'
        and not exists (select 1 from managers m where m.user_id = u.id)
    ), base as (
      select g,
        (${JSON.stringify(FIRST_NAMES)}::jsonb ->> floor(random() * ${FIRST_NAMES.length})::int) as first_name,
        (${JSON.stringify(LAST_NAMES)}::jsonb ->> floor(random() * ${LAST_NAMES.length})::int) as last_name,
        (${JSON.stringify(MANAGER_TITLES)}::jsonb ->> floor(random() * ${MANAGER_TITLES.length})::int) as title,
        random() as r,
        ${now.toISOString()}::timestamptz - random() * interval '1095 days' as created_at
      from generate_series(1, ${count}) as g
    )
    insert into managers (first_name, last_name, email, phone, title, status, is_active, user_id, created_at, updated_at)
    select b.first_name, b.last_name,
      lower(b.first_name || '.' || b.last_name || '.' || b.g || '@managers.example.com'),
      case when b.r < 0.8 then '(555) ' || (200 + b.g % 800) || '-' || lpad((b.g * 37 % 10000)::text, 4, '0') end,
      case when b.r < 0.9 then b.title end,
      (case when b.r < 0.8 then 'ACTIVE' when b.r < 0.93 then 'INACTIVE' else 'SUSPENDED' end)::manager_status,
      b.r < 0.8,
      l.id,
      b.created_at, b.created_at
    from base b left join linkable l on b.g % 4 = 0 and l.rn = b.g / 4
  `);
}

/**
 * Every company without originator settings gets them (as the demo's), and every company a bank
 * account for each of the 15 vendors, so approving a generated approval writes a real bank file.
 */
async function insertPaymentAccounts(db: Db, bankAccountKey: Buffer): Promise<void> {
  const random = createRandom(4_242);
  const missing = rowsOf<{ id: number; name: string }>(
    await db.execute(sql`
      select c.id, c.name from companies c
      where not exists (select 1 from company_payment_settings s where s.company_id = c.id)
      order by c.id`),
  );
  for (let start = 0; start < missing.length; start += 1000) {
    const chunk = missing.slice(start, start + 1000);
    await db
      .insert(companyPaymentSettings)
      .values(
        chunk.map((company, index) => paymentSettingsFor(company, start + index, random, bankAccountKey)),
      );
  }
  // One account per vendor (its number encrypted once), for every company that lacks it.
  const accounts = VENDORS.map((vendor, index) => {
    const number = String(random.int(10_000_000, 99_999_999)) + String(random.int(10, 9999));
    return {
      ref: String(index + 1),
      name: vendor.name,
      routing: randomRoutingNumber(random),
      enc: encryptSecret(number, bankAccountKey),
      last4: number.slice(-4),
      type: index % 4 === 3 ? 'savings' : 'checking',
    };
  });
  await db.execute(sql`
    insert into vendor_bank_accounts (company_id, vendor_ref, vendor_name, routing_number, account_number_enc, account_last4, account_type, confirmed_at)
    select c.id, v.ref, v.name, v.routing, v.enc, v.last4, v.type::bank_account_type, now()
    from companies c
    cross join jsonb_to_recordset(${JSON.stringify(accounts)}::jsonb)
      as v(ref text, name text, routing text, enc text, last4 text, type text)
    on conflict (company_id, vendor_ref) do nothing
  `);
}

/** Every reference of approvals and activity resolves (what the disabled FK triggers would check). */
async function checkForeignKeys(db: Db): Promise<void> {
  const [row] = rowsOf<{ broken: string }>(
    await db.execute(sql`
      select
        (select count(*) from approvals a where not exists (select 1 from companies c where c.id = a.company_id))
        + (select count(*) from approvals a where a.manager_id is not null
            and not exists (select 1 from managers m where m.id = a.manager_id))
        + (select count(*) from approvals a where a.created_by is not null
            and not exists (select 1 from users u where u.id = a.created_by))
        + (select count(*) from approvals a where a.approved_by_id is not null
            and not exists (select 1 from users u where u.id = a.approved_by_id))
        + (select count(*) from approvals a where a.rejected_by_id is not null
            and not exists (select 1 from users u where u.id = a.rejected_by_id))
        + (select count(*) from activity x where x.user_id is not null
            and not exists (select 1 from users u where u.id = x.user_id)) as broken`),
  );
  if (Number(row?.broken ?? 0) !== 0) throw new Error(`${row?.broken} generated rows reference missing rows`);
}

interface IndexDefinition {
  name: string;
  definition: string;
}

async function secondaryIndexes(db: Db, table: string): Promise<IndexDefinition[]> {
  return rowsOf<IndexDefinition>(
    await db.execute(sql`
      select c.relname as name, pg_get_indexdef(i.indexrelid) as definition
      from pg_index i join pg_class c on c.oid = i.indexrelid
      where i.indrelid = ${table}::regclass and not i.indisprimary and not i.indisunique
      order by c.relname`),
  );
}

/**
 * `count` approvals created over the last three years, each with its history rows, in chunks of
 * `chunkSize` spread over the sessions; the counting row triggers off and the secondary indexes
 * dropped meanwhile. Then the counts are recomputed, the foreign keys checked and the indexes built
 * again (side by side over the sessions, the trigram index first: it takes longest).
 */
async function insertApprovals(
  db: Db,
  sessions: Db[],
  count: number,
  chunkSize: number,
  now: Date,
  log: (line: string) => void,
  step: (label: string, work: () => Promise<unknown>) => Promise<void>,
): Promise<void> {
  const indexes = [...(await secondaryIndexes(db, 'approvals')), ...(await secondaryIndexes(db, 'activity'))];
  for (const index of indexes) await db.execute(sql.raw(`drop index "${index.name}"`));
  const base = await countOf(db, 'approvals');
  const chunks: Array<{ from: number; to: number; seed: number }> = [];
  for (let done = 0; done < count; done += chunkSize) {
    chunks.push({
      from: base + done + 1,
      to: base + Math.min(count, done + chunkSize),
      seed: ((done / chunkSize) % 1000) / 1000,
    });
  }
  // Each session writes whole chunks in its own transaction, with its own copy of what the
  // generator draws from (the same rows in the same order in every session).
  const generate = (session: Db) =>
    session.transaction(async (tx) => {
      await tx.execute(sql`set local synchronous_commit = off`);
      // JIT compiles each chunk's plan for seconds and saves nothing here.
      await tx.execute(sql`set local jit = off`);
      await tx.execute(sql`set local work_mem = '256MB'`);
      await tx.execute(sql`set local enable_hashagg = off`);
      const pools = await generatorPools(tx);
      // Triggers off for the load (the approval counters are recomputed below; the foreign keys are
      // checked below in one pass per key instead of one lookup per row and key).
      await tx.execute(sql`set local session_replication_role = replica`);
      for (let chunk = chunks.shift(); chunk; chunk = chunks.shift()) {
        const { from, to, seed } = chunk;
        await step(`approvals ${from - base}–${to - base} with their history`, async () => {
          await tx.execute(sql`select setseed(${seed})`);
          await tx.execute(approvalChunk(from, to, now, pools));
        });
      }
    });
  await runTasks(
    sessions,
    sessions.map(() => generate),
  );

  await step('approval_counts and approval_status_counts recomputed', () =>
    db.transaction(async (tx) => {
      await tx.execute(sql`update approval_counts set count = 0`);
      await tx.execute(sql`update approval_status_counts set count = 0`);
      await tx.execute(sql`
        create temp table scale_counts on commit drop as
        select status, priority, count(*) as n from approvals group by status, priority`);
      await tx.execute(sql`
        insert into approval_counts (status, priority, count) select status, priority, n from scale_counts
        on conflict (status, priority) do update set count = excluded.count`);
      await tx.execute(sql`
        insert into approval_status_counts (status, count) select status, sum(n) from scale_counts group by status
        on conflict (status) do update set count = excluded.count`);
    }),
  );
  await step('foreign keys of the new rows checked', () => checkForeignKeys(db));
  await step(`${indexes.length} indexes built on ${sessions.length} session(s)`, () =>
    buildIndexes(sessions, indexes, step),
  );
  log(`  ${count} approvals committed`);
}

/**
 * Temporary tables (dropped at commit) of what the generator draws from: companies with their
 * manager, creators (active staff, not the demo accounts, so the demo admin may approve any
 * generated approval) and bill templates; and how many rows each holds.
 */
async function generatorPools(tx: Db): Promise<{ companies: number; staff: number; templates: number }> {
  const demoEmails = DEMO_ACCOUNTS.map((account) => account.email);
  await tx.execute(sql`
    create temp table scale_companies on commit drop as
    select row_number() over (order by c.id) as rn, c.id, c.name, m.id as manager_id,
      m.first_name || ' ' || m.last_name as manager_name, m.email as manager_email
    from companies c left join managers m on m.id = c.manager_id`);
  await tx.execute(sql`
    create temp table scale_staff on commit drop as
    select row_number() over (order by u.id) as rn, u.id,
      coalesce(nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), u.email) as name
    from users u
    where u.is_active and u.role <> 'GUEST' and u.email not in (select jsonb_array_elements_text(${JSON.stringify(demoEmails)}::jsonb))`);
  // Bills copy one of 15 vendors × 15 items × 12 quantities × 4 prices = 10,800 templates and
  // get their own Id, DocNumber and DueDate; the line amount is the bill's total, as in the demo.
  const vendors = VENDORS.map((vendor, index) => ({
    ...vendor,
    ref: String(index + 1),
    place: PLACES[index % PLACES.length],
  }));
  const items = ITEMS.map((item, index) => ({ ...item, ref: String(index + 1) }));
  await tx.execute(sql`
    create temp table scale_bill_templates on commit drop as
    select row_number() over (order by v.ref::int, i.ref::int, q, k)::int as rn,
      q * (i.min + (i.max - i.min) * k / 3) as cents,
      jsonb_build_object(
        'TotalAmt', round(q * (i.min + (i.max - i.min) * k / 3) / 100.0, 2),
        'VendorRef', jsonb_build_object('name', v.name, 'value', v.ref),
        'VendorInfo', jsonb_build_object('CompanyName', v.name, 'Email', v.email, 'Phone', v.phone),
        'VendorAddr', jsonb_build_object(
          'Line1', (100 + (q * 37 + k) % 9900) || ' ' || (v.place ->> 'street'),
          'City', v.place ->> 'city', 'CountrySubDivisionCode', v.place ->> 'state',
          'PostalCode', v.place ->> 'zip'),
        'Line', jsonb_build_array(jsonb_build_object(
          'Id', '1', 'Description', i.name || ' - ' || v.name,
          'Amount', round(q * (i.min + (i.max - i.min) * k / 3) / 100.0, 2),
          'ItemBasedExpenseLineDetail', jsonb_build_object(
            'Qty', q, 'ItemRef', jsonb_build_object('name', i.name, 'value', i.ref))))
      ) as doc
    from jsonb_to_recordset(${JSON.stringify(vendors)}::jsonb) as v(name text, email text, phone text, ref text, place jsonb)
    cross join jsonb_to_recordset(${JSON.stringify(items)}::jsonb) as i(name text, min bigint, max bigint, ref text)
    cross join generate_series(1, 12) as q
    cross join generate_series(0, 3) as k`);
  const [pool] = rowsOf<{ companies: string; staff: string; templates: string }>(
    await tx.execute(
      sql`select (select count(*) from scale_companies) as companies, (select count(*) from scale_staff) as staff,
        (select count(*) from scale_bill_templates) as templates`,
    ),
  );
  const pools = {
    companies: Number(pool?.companies ?? 0),
    staff: Number(pool?.staff ?? 0),
    templates: Number(pool?.templates ?? 0),
  };
  if (pools.companies === 0 || pools.staff === 0)
    throw new Error('the scale seed needs companies and staff first');
  return pools;
}

/**
 * One INSERT … SELECT of approvals `from`..`to` (series numbers) and, in the same statement, their
 * history: 'approval.create' for each, the decision for the decided ones, the expiry for EXPIRED.
 */
export function approvalChunk(
  from: number,
  to: number,
  now: Date,
  pools: { companies: number; staff: number; templates: number },
) {
  return sql`
    with ${shapedApprovals(from, to, now, pools)}, ${billedApprovals(pools.templates)}, ${insertedApprovals(now)}
${approvalHistory(now)}
  `;
}

/** The CTEs `base` and `shaped`: per series number its random draws, status, priority and bill count. */
function shapedApprovals(from: number, to: number, now: Date, pools: { companies: number; staff: number }) {
  const { companies: companyCount, staff: staffCount } = pools;
  return sql`
    base as (
      select g,
        ${now.toISOString()}::timestamptz - random() * interval '1095 days' as created_at,
        random() as r_status, random() as r_priority, random() as r_bills,
        1 + floor(random() * ${companyCount})::int as company_rn,
        1 + floor(random() * ${staffCount})::int as creator_rn,
        1 + floor(random() * ${staffCount})::int as decider_rn,
        floor(random() * ${REJECTION_REASONS.length})::int as reason_rn,
        random() as r_decided
      from generate_series(${from}::int, ${to}::int) as g
    ), shaped as (
      select b.*,
        -- Recent approvals are mostly PENDING; older ones all decided (or expired).
        (case
          when b.created_at > ${now.toISOString()}::timestamptz - interval '25 days' then
            case when b.r_status < 0.6 then 'PENDING' when b.r_status < 0.75 then 'APPROVED'
              when b.r_status < 0.83 then 'REJECTED' when b.r_status < 0.86 then 'NACHA_PENDING'
              when b.r_status < 0.93 then 'NACHA_GENERATED' when b.r_status < 0.97 then 'BANK_UPLOADED'
              else 'PAYMENT_COMPLETED' end
          else
            case when b.r_status < 0.12 then 'APPROVED' when b.r_status < 0.24 then 'REJECTED'
              when b.r_status < 0.32 then 'EXPIRED' when b.r_status < 0.34 then 'NACHA_PENDING'
              when b.r_status < 0.42 then 'NACHA_GENERATED' when b.r_status < 0.5 then 'BANK_UPLOADED'
              else 'PAYMENT_COMPLETED' end
        end)::approval_status as status,
        (case when b.r_priority < 0.1 then 'URGENT' when b.r_priority < 0.35 then 'HIGH'
          when b.r_priority < 0.8 then 'MEDIUM' else 'LOW' end)::approval_priority as priority,
        -- 1 to 20 bills, most approvals few (mean about 5).
        1 + floor(19 * b.r_bills * b.r_bills * b.r_bills)::int as bill_count,
        least(${now.toISOString()}::timestamptz, b.created_at + (1 + b.r_decided * 96) * interval '1 hour') as decided_at
      from base b
    )`;
}

/** The CTEs `picks` … `billed`: each approval's bills from the templates, its company, creator and decider. */
function billedApprovals(templateCount: number) {
  return sql`
    picks as (
      -- One row per bill: which template (vendor, item, quantity, price) it copies.
      select s.g, n, 1 + floor(random() * ${templateCount})::int as template_rn,
        -- Approved: all bills, or (one in four) the first three quarters of them.
        case when s.r_decided < 0.25 then greatest(1, ceil(s.bill_count * 0.75)::int) else s.bill_count end as keep,
        s.status not in ('PENDING', 'REJECTED', 'EXPIRED') and s.r_decided < 0.25 and s.bill_count > 1 as partial
      from shaped s cross join lateral generate_series(1, s.bill_count) as n
    ), bill_rows as (
      select p.g, p.n, p.keep, p.partial, (p.g::bigint * 20 + p.n)::text as id, t.cents,
        t.doc || jsonb_build_object(
          'Id', (p.g::bigint * 20 + p.n)::text,
          'DocNumber', 'INV-' || (p.g::bigint * 20 + p.n + 10000),
          'DueDate', ((s.created_at at time zone 'UTC')::date + (10 + (p.g + p.n) % 36))::text
        ) as doc
      from picks p
      join shaped s on s.g = p.g
      join scale_bill_templates t on t.rn = p.template_rn
    ), bills as (
      -- Grouped from input sorted by g (a hash aggregate keeps every group's state at once).
      select g,
        jsonb_agg(doc) as bills,
        jsonb_agg(doc) filter (where partial and n <= keep) as partial_bills,
        array_agg(id) as bill_ids,
        array_agg(id) filter (where n <= keep) as kept_ids,
        count(*) filter (where n <= keep) as kept_count,
        sum(cents) as total_cents,
        coalesce(sum(cents) filter (where n <= keep), 0) as kept_cents
      from bill_rows group by g
    ), billed as (
      select s.*, c.id as company_id, c.name as company_name, c.manager_id, c.manager_name, c.manager_email,
        creator.id as creator_id, creator.name as creator_name, decider.id as decider_id, decider.name as decider_name,
        b.bills, coalesce(b.partial_bills, b.bills) as kept_bills, b.bill_ids, b.kept_ids, b.kept_count, b.total_cents, b.kept_cents,
        s.status not in ('PENDING', 'REJECTED', 'EXPIRED') as approved
      from shaped s
      join bills b on b.g = s.g
      join scale_companies c on c.rn = s.company_rn
      join scale_staff creator on creator.rn = s.creator_rn
      join scale_staff decider on decider.rn = s.decider_rn
    )`;
}

/** The CTE `inserted`: the approvals rows, returning what their history needs. */
function insertedApprovals(now: Date) {
  return sql`
    inserted as (
      insert into approvals (
        company_id, status, priority, bills, approved_bills, bill_ids, approved_bill_ids, total_bills,
        processed_bills, total_amount_cents, approved_amount_cents, company_name, manager_id, manager_name,
        manager_email, recipients, created_by, created_by_name, approved_by_id, approved_by, approval_date,
        rejected_by_id, rejected_by, rejection_date, rejection_reason, nacha_file_generated, nacha_file_name,
        nacha_batch_number, nacha_generated_at, nacha_processing_status, created_at, updated_at)
      select company_id, status, priority, bills,
        case when approved then kept_bills end,
        bill_ids,
        case when approved then kept_ids else '{}'::text[] end,
        bill_count,
        case when approved then kept_count else 0 end,
        total_cents,
        case when approved then kept_cents else 0 end,
        company_name, manager_id, manager_name, manager_email,
        case when manager_email is null then '[]'::jsonb else jsonb_build_array(manager_email) end,
        creator_id, creator_name,
        case when approved then decider_id end, case when approved then decider_name end,
        case when approved then decided_at end,
        case when status = 'REJECTED' then decider_id end, case when status = 'REJECTED' then decider_name end,
        case when status = 'REJECTED' then decided_at end,
        case when status = 'REJECTED' then ${JSON.stringify(REJECTION_REASONS)}::jsonb ->> reason_rn end,
        status in ('NACHA_GENERATED', 'BANK_UPLOADED', 'PAYMENT_COMPLETED'),
        case when status in ('NACHA_GENERATED', 'BANK_UPLOADED', 'PAYMENT_COMPLETED')
          then 'ACH_' || to_char(decided_at at time zone 'UTC', 'YYYYMMDD') || '_' || g || '.txt' end,
        case when status in ('NACHA_GENERATED', 'BANK_UPLOADED', 'PAYMENT_COMPLETED') then (1000000 + g)::text end,
        case when status in ('NACHA_GENERATED', 'BANK_UPLOADED', 'PAYMENT_COMPLETED') then decided_at end,
        case when status in ('NACHA_GENERATED', 'BANK_UPLOADED', 'PAYMENT_COMPLETED') then 'GENERATED'
          when status = 'NACHA_PENDING' then 'PENDING' end,
        created_at,
        case when status = 'PENDING' then created_at
          when status = 'EXPIRED' then least(${now.toISOString()}::timestamptz, created_at + interval '30 days')
          else decided_at end
      from billed
      returning id, status, company_name, created_by, created_by_name, approved_by_id, approved_by,
        rejected_by_id, rejected_by, total_bills, processed_bills, total_amount_cents, company_id,
        created_at, approval_date, rejection_date, rejection_reason
    )`;
}

/** The history rows of the inserted approvals. */
function approvalHistory(now: Date) {
  return sql`
    insert into activity (user_id, user_name, action, entity_type, entity_id, description, details, created_at)
    select e.user_id, e.user_name, e.action, 'approval', i.id::text, e.description, e.details, e.at
    from inserted i
    cross join lateral (values
      ('approval.create', i.created_by, i.created_by_name,
        i.created_by_name || ' submitted approval ' || left(i.id::text, 8) || ' for ' || i.company_name,
        jsonb_build_object('companyId', i.company_id, 'totalBills', i.total_bills, 'totalAmount', i.total_amount_cents / 100.0),
        i.created_at),
      ('approval.approve', i.approved_by_id, i.approved_by,
        i.approved_by || ' approved approval ' || left(i.id::text, 8) || ' for ' || i.company_name,
        jsonb_build_object('approvedBills', i.processed_bills), i.approval_date),
      ('approval.reject', i.rejected_by_id, i.rejected_by,
        i.rejected_by || ' rejected approval ' || left(i.id::text, 8) || ' for ' || i.company_name,
        jsonb_build_object('reason', i.rejection_reason), i.rejection_date),
      ('approval.expire', null::int, 'System',
        'Approval ' || left(i.id::text, 8) || ' for ' || i.company_name || ' expired after 30 days pending',
        jsonb_build_object('before', 'PENDING', 'after', 'EXPIRED'), least(${now.toISOString()}::timestamptz, i.created_at + interval '30 days'))
    ) as e(action, user_id, user_name, description, details, at)
    where e.action = 'approval.create'
      or (e.action = 'approval.approve' and i.approval_date is not null)
      or (e.action = 'approval.reject' and i.rejection_date is not null)
      or (e.action = 'approval.expire' and i.status = 'EXPIRED')
  `;
}

/**
 * The key billNumberKey computes, in SQL: NFKC, ASCII letters and digits only, upper-case, no
 * leading zeros in a run of digits; null when nothing is left (as migration 0025's backfill).
 */
const billNumberKeySql = (docNumber: string) =>
  `nullif(regexp_replace(upper(regexp_replace(normalize(coalesce(${docNumber}, ''), NFKC), '[^A-Za-z0-9]', '', 'g')), '(^|[^0-9])0+([0-9])', '\\1\\2', 'g'), '')`;

/**
 * The duplicate-detection keys (approval_bill_keys) of every approval's bills that has none, as
 * creating an approval writes them (indexAndFlagBills: bill id, vendor, bill number key, amount in
 * cents, bill date), so the scale database is measured with them. Set-based, one INSERT … SELECT
 * per session over its share of the approvals, with the table's secondary indexes dropped for the
 * load and built again after it. The flags start empty, as migration 0025 keyed the approvals that
 * existed: the generated bills are drawn at random, not entered twice.
 */
async function insertBillKeys(
  db: Db,
  sessions: Db[],
  step: (label: string, work: () => Promise<unknown>) => Promise<void>,
): Promise<void> {
  const indexes = await secondaryIndexes(db, 'approval_bill_keys');
  for (const index of indexes) await db.execute(sql.raw(`drop index "${index.name}"`));
  const shares = sessions.length;
  await runTasks(
    sessions,
    sessions.map(
      (_, share) => (session: Db) =>
        session.transaction(async (tx) => {
          await tx.execute(sql`set local synchronous_commit = off`);
          await tx.execute(sql`set local jit = off`);
          await tx.execute(
            sql.raw(`
          insert into approval_bill_keys (approval_id, bill_id, company_id, vendor_ref, doc_key, amount_cents, bill_date)
          select distinct on (a.id, b ->> 'Id')
            a.id, left(b ->> 'Id', 100), a.company_id, left(b -> 'VendorRef' ->> 'value', 100),
            left(${billNumberKeySql(`b ->> 'DocNumber'`)}, 100),
            round((b ->> 'TotalAmt')::numeric * 100)::bigint,
            case when coalesce(b ->> 'TxnDate', b ->> 'DueDate') ~ '^\\d{4}-\\d{2}-\\d{2}$'
              then coalesce(b ->> 'TxnDate', b ->> 'DueDate')::date end
          from approvals a cross join lateral jsonb_array_elements(a.bills) b
          where mod(abs(hashtext(a.id::text)::bigint), ${shares}) = ${share}
            and b ->> 'Id' is not null and jsonb_typeof(b -> 'TotalAmt') = 'number'
            and not exists (select 1 from approval_bill_keys k where k.approval_id = a.id)`),
          );
        }),
    ),
  );
  await buildIndexes(sessions, indexes, step);
}

/**
 * The pending approvals generated here follow the default approval policy, like the ones created
 * through the API: step 1 (the company's approver, a MODERATOR or an ADMIN) open, and from $10,000
 * step 2 (an ADMIN) waiting; set-based, so the reviewer's queue is measured on real step rows.
 */
async function insertDefaultSteps(db: Db): Promise<void> {
  const first = `'the company''s approver, any MODERATOR or any ADMIN'`;
  await db.execute(
    sql.raw(`insert into approval_steps (approval_id, position, company_id, mode, approvers, label, roles, assignees, state, opened_at)
      select id, 1, company_id, 'ANY', '[{"kind":"assignee","assignee":"approver"},{"kind":"role","role":"MODERATOR"},{"kind":"role","role":"ADMIN"}]'::jsonb,
        ${first}, '{MODERATOR,ADMIN}', '{approver}', 'OPEN', created_at
      from approvals where status = 'PENDING' and step_count = 0`),
  );
  await db.execute(
    sql.raw(`insert into approval_steps (approval_id, position, company_id, mode, approvers, label, roles, state)
      select id, 2, company_id, 'ANY', '[{"kind":"role","role":"ADMIN"}]'::jsonb, 'any ADMIN', '{ADMIN}', 'WAITING'
      from approvals where status = 'PENDING' and step_count = 0 and total_amount_cents >= 1000000`),
  );
  await db.execute(
    sql.raw(`update approvals set policy_rule = case when total_amount_cents >= 1000000 then 1 else 2 end,
      step_count = case when total_amount_cents >= 1000000 then 2 else 1 end,
      current_step = 1, current_step_label = ${first}
      where status = 'PENDING' and step_count = 0`),
  );
}
