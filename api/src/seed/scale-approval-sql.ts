/**
 * The one statement that generates a chunk of the scale seed's approvals and their history, built
 * from CTEs: each approval's draws and status, its bills from the templates, the rows, the history.
 */
import { sql } from 'drizzle-orm';
import { REJECTION_REASONS } from './data';

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
