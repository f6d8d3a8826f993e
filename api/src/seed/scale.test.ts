import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billDateOf, billNumberKey, toCents, type Bill } from 'shared-contracts';
import { build, demoPasswordHash, type TestContext } from '../test/build';
import { markerMatches, readScaleMarker, seedScale, type ScaleSizes } from './scale';

const SIZES: ScaleSizes = { approvals: 1200, companies: 40, users: 90, managers: 30 };

let t: TestContext;
const rows = async <T>(query: ReturnType<typeof sql>): Promise<T[]> =>
  ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
const indexNames = async () =>
  (
    await rows<{ name: string }>(sql`
      select indexname as name from pg_indexes where tablename in ('approvals', 'activity', 'users') order by 1`)
  ).map((row) => row.name);
let indexesBefore: string[];

beforeAll(async () => {
  t = await build();
  indexesBefore = await indexNames();
  await seedScale(t.database.db, {
    sizes: SIZES,
    passwordHash: await demoPasswordHash(),
    bankAccountKey: t.config.bankAccountKey,
    qbTokenKey: t.config.qbTokenKey,
    // Chunks, index builds and VACUUM spread over two sessions, as the CLI does.
    sessions: [t.database.db, t.database.db],
    chunk: 500,
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('the scale seed (small sizes)', () => {
  it('fills every table to its size and records them', async () => {
    const [counts] = await rows<Record<string, string>>(sql`
      select (select count(*) from approvals) as approvals, (select count(*) from companies) as companies,
        (select count(*) from users) as users, (select count(*) from managers) as managers`);
    expect(Object.fromEntries(Object.entries(counts!).map(([k, v]) => [k, Number(v)]))).toEqual(SIZES);
    const marker = await readScaleMarker(t.database.db);
    expect(marker).toMatchObject(SIZES);
    // What decides whether `pnpm bench -- --scale` reuses the database.
    expect(markerMatches(marker!, SIZES)).toBe(true);
    expect(markerMatches(marker!, { ...SIZES, approvals: SIZES.approvals + 1 })).toBe(false);
    // A database seeded before the bills were keyed is seeded again.
    expect(markerMatches({ ...marker!, version: undefined }, SIZES)).toBe(false);
  });

  it('keeps every trigger-kept count exact', async () => {
    const mismatches = await rows<{ what: string }>(sql`
      select 'approval_counts' as what from (
        select status, priority, count(*) as n from approvals group by 1, 2) a
        full join approval_counts k using (status, priority)
        where coalesce(a.n, 0) <> coalesce(k.count, 0)
      union all
      select 'approval_status_counts' from (select status, count(*) as n from approvals group by 1) a
        full join approval_status_counts k using (status) where coalesce(a.n, 0) <> coalesce(k.count, 0)
      union all
      select 'company_counts' from (
        select status, coalesce(qb_connection_status, 'none') as qb_status, count(*) as n from companies group by 1, 2) a
        full join company_counts k using (status, qb_status) where coalesce(a.n, 0) <> coalesce(k.count, 0)
      union all
      select 'user_counts' from (select role, is_active, count(*) as n from users group by 1, 2) a
        full join user_counts k using (role, is_active) where coalesce(a.n, 0) <> coalesce(k.count, 0)
      union all
      select 'manager_counts' from (
        select status, user_id is not null as linked, count(*) as n from managers group by 1, 2) a
        full join manager_counts k using (status, linked) where coalesce(a.n, 0) <> coalesce(k.count, 0)`);
    expect(mismatches).toEqual([]);
  });

  it('writes approvals whose figures agree with their bills, every status and priority', async () => {
    const [check] = await rows<Record<string, number | boolean>>(sql`
      select
        count(*) filter (where total_bills <> jsonb_array_length(bills) or total_bills not between 1 and 20)::int as bad_bill_count,
        count(*) filter (where total_amount_cents <> (
          select sum(round((b ->> 'TotalAmt')::numeric * 100)) from jsonb_array_elements(bills) b))::int as bad_total,
        count(*) filter (where cardinality(bill_ids) <> total_bills)::int as bad_ids,
        count(*) filter (where status not in ('PENDING', 'REJECTED', 'EXPIRED') and (
          approved_bills is null or processed_bills <> jsonb_array_length(approved_bills)
          or approved_amount_cents <> (select sum(round((b ->> 'TotalAmt')::numeric * 100)) from jsonb_array_elements(approved_bills) b)
          or approved_by is null or approval_date is null))::int as bad_approved,
        count(*) filter (where status = 'REJECTED' and (rejection_reason is null or rejection_date is null))::int as bad_rejected,
        count(*) filter (where status = 'PENDING' and created_at < now() - interval '30 days')::int as stale_pending,
        count(distinct status)::int as statuses, count(distinct priority)::int as priorities,
        min(created_at) < now() - interval '2 years' as spans_years
      from approvals`);
    expect(check).toEqual({
      bad_bill_count: 0,
      bad_total: 0,
      bad_ids: 0,
      bad_approved: 0,
      bad_rejected: 0,
      stale_pending: 0,
      statuses: 8,
      priorities: 4,
      spans_years: true,
    });
  });

  it('gives each approval its history and rebuilds the indexes it dropped', async () => {
    const [history] = await rows<{ missing: number }>(sql`
      select count(*)::int as missing from approvals a where not exists (
        select 1 from activity x where x.entity_type = 'approval' and x.entity_id = a.id::text and x.action = 'approval.create')`);
    expect(history?.missing).toBe(0);
    expect(await indexNames()).toEqual(indexesBefore);
    // Every company can pay every vendor (approve writes a real bank file).
    const [accounts] = await rows<{ n: number }>(sql`
      select count(*)::int as n from companies c where not exists (select 1 from company_payment_settings s where s.company_id = c.id)
        or (select count(*) from vendor_bank_accounts v where v.company_id = c.id) < 14`);
    expect(accounts?.n).toBe(0);
  });

  it("keys every approval's bills for duplicate detection as creating an approval does", async () => {
    const [counts] = await rows<{ bills: number; keys: number; unkeyed: number }>(sql`
      select (select count(distinct (a.id, b ->> 'Id'))::int from approvals a, jsonb_array_elements(a.bills) b) as bills,
        (select count(*)::int from approval_bill_keys) as keys,
        (select count(*)::int from approvals a where not exists (
          select 1 from approval_bill_keys k where k.approval_id = a.id)) as unkeyed`);
    expect(counts!.keys).toBe(counts!.bills);
    expect(counts!.unkeyed).toBe(0);
    // Each key is what indexAndFlagBills writes for the bill (its keyOf), checked on a sample.
    const sample = await rows<{
      bill: Bill;
      company_id: number;
      key_company: number;
      vendor_ref: string | null;
      doc_key: string | null;
      amount_cents: string;
      bill_date: string | null;
    }>(sql`
      select b as bill, a.company_id, k.company_id as key_company, k.vendor_ref, k.doc_key,
        k.amount_cents::text as amount_cents, k.bill_date::text as bill_date
      from approvals a cross join lateral jsonb_array_elements(a.bills) b
      join approval_bill_keys k on k.approval_id = a.id and k.bill_id = b ->> 'Id'
      order by a.id, b ->> 'Id' limit 300`);
    expect(sample).toHaveLength(300);
    for (const row of sample) {
      expect({
        company: row.key_company,
        vendorRef: row.vendor_ref,
        docKey: row.doc_key,
        amountCents: Number(row.amount_cents),
        billDate: row.bill_date,
      }).toEqual({
        company: row.company_id,
        vendorRef: row.bill.VendorRef?.value ?? null,
        docKey: billNumberKey(row.bill.DocNumber),
        amountCents: toCents(row.bill.TotalAmt),
        billDate: billDateOf(row.bill),
      });
    }
    expect(sample.every((row) => row.doc_key !== null)).toBe(true);
    // Its indexes were dropped for the load and built again.
    const [indexes] = await rows<{ n: number }>(sql`
      select count(*)::int as n from pg_indexes where tablename = 'approval_bill_keys'`);
    expect(indexes!.n).toBe(4);
  });
});
