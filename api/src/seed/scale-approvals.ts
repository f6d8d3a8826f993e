/**
 * The scale seed's approvals: their rows and history in chunks over the sessions (the statement
 * itself is scale-approval-sql.ts), then what creating an approval also writes: the bills'
 * duplicate-detection keys and the pending ones' policy steps.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { ITEMS, PLACES, VENDORS } from './data';
import { approvalChunk } from './scale-approval-sql';
import { buildIndexes, countOf, rowsOf, runTasks, secondaryIndexes } from './scale-load';
import { DEMO_ACCOUNTS } from './users';

/**
 * `count` approvals created over the last three years, each with its history rows, in chunks of
 * `chunkSize` spread over the sessions; the counting row triggers off and the secondary indexes
 * dropped meanwhile. Then the counts are recomputed, the foreign keys checked and the indexes built
 * again (side by side over the sessions, the trigram index first: it takes longest).
 */
export async function insertApprovals(
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
export async function insertBillKeys(
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
export async function insertDefaultSteps(db: Db): Promise<void> {
  const first = `'the company''s approver, any moderator or admin'`;
  await db.execute(
    sql.raw(`insert into approval_steps (approval_id, position, company_id, mode, approvers, label, roles, assignees, state, opened_at)
      select id, 1, company_id, 'ANY', '[{"kind":"assignee","assignee":"approver"},{"kind":"role","role":"MODERATOR"},{"kind":"role","role":"ADMIN"}]'::jsonb,
        ${first}, '{MODERATOR,ADMIN}', '{approver}', 'OPEN', created_at
      from approvals where status = 'PENDING' and step_count = 0`),
  );
  await db.execute(
    sql.raw(`insert into approval_steps (approval_id, position, company_id, mode, approvers, label, roles, state)
      select id, 2, company_id, 'ANY', '[{"kind":"role","role":"ADMIN"}]'::jsonb, 'any admin', '{ADMIN}', 'WAITING'
      from approvals where status = 'PENDING' and step_count = 0 and total_amount_cents >= 1000000`),
  );
  await db.execute(
    sql.raw(`update approvals set policy_rule = case when total_amount_cents >= 1000000 then 1 else 2 end,
      step_count = case when total_amount_cents >= 1000000 then 2 else 1 end,
      current_step = 1, current_step_label = ${first}
      where status = 'PENDING' and step_count = 0`),
  );
}
