/** Approvals of a company's bills, and the keys of those bills for the duplicate check. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import {
  APPROVAL_PRIORITIES,
  APPROVAL_STATUSES,
  type ApprovalOrigin,
  type Bill,
  type DuplicateKind,
  type QbChangeAfterDecision,
} from 'shared-contracts';
import { createdAt, updatedAt } from './columns';
import { companies } from './companies';
import { managers } from './managers';
import { PERSON_NAME_LENGTH, users } from './users';

export const approvalStatusEnum = pgEnum('approval_status', APPROVAL_STATUSES);
export const approvalPriorityEnum = pgEnum('approval_priority', APPROVAL_PRIORITIES);

/** One vendor's account as an approve decision saw it. */
export interface DecisionAccount {
  vendorRef: string;
  routingNumber: string;
  accountLast4: string;
  accountType: 'checking' | 'savings';
  version: number;
}

export const approvals = pgTable(
  'approvals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    status: approvalStatusEnum('status').notNull().default('PENDING'),
    priority: approvalPriorityEnum('priority').notNull().default('MEDIUM'),
    /** Bills as QuickBooks returns them; the API answers them as JSON text. */
    bills: jsonb('bills')
      .$type<Bill[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    approvedBills: jsonb('approved_bills').$type<Bill[]>(),
    billIds: text('bill_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    approvedBillIds: text('approved_bill_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    totalBills: integer('total_bills').notNull().default(0),
    processedBills: integer('processed_bills').notNull().default(0),
    totalAmountCents: bigint('total_amount_cents', { mode: 'number' }).notNull().default(0),
    /** Sum of the approved bills (0 until approved). */
    approvedAmountCents: bigint('approved_amount_cents', { mode: 'number' }).notNull().default(0),
    /**
     * The company's name, copied at creation and kept in step by company renames: it lets the list sort and search by company without a join.
     */
    companyName: varchar('company_name', { length: 255 }),
    managerId: integer('manager_id').references(() => managers.id, { onDelete: 'set null' }),
    managerName: varchar('manager_name', { length: PERSON_NAME_LENGTH }),
    managerEmail: varchar('manager_email', { length: 254 }),
    recipients: jsonb('recipients')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdById: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** Names are copied so history stays readable after a user is deleted. */
    createdByName: varchar('created_by_name', { length: PERSON_NAME_LENGTH }),
    approvedById: integer('approved_by_id').references(() => users.id, { onDelete: 'set null' }),
    approvedBy: varchar('approved_by', { length: PERSON_NAME_LENGTH }),
    approvalDate: timestamp('approval_date', { withTimezone: true }),
    rejectedById: integer('rejected_by_id').references(() => users.id, { onDelete: 'set null' }),
    rejectedBy: varchar('rejected_by', { length: PERSON_NAME_LENGTH }),
    rejectionDate: timestamp('rejection_date', { withTimezone: true }),
    rejectionReason: text('rejection_reason'),
    /** The bank accounts the approve decision saw; a file is refused when one changed since. */
    decisionAccounts: jsonb('decision_accounts').$type<DecisionAccount[]>(),
    nachaFileGenerated: boolean('nacha_file_generated').notNull().default(false),
    nachaFileName: varchar('nacha_file_name', { length: 255 }),
    nachaBatchNumber: varchar('nacha_batch_number', { length: 64 }),
    nachaGeneratedAt: timestamp('nacha_generated_at', { withTimezone: true }),
    /** 'GENERATED', 'PENDING', a later status, or what a failed generation misses. */
    nachaProcessingStatus: text('nacha_processing_status'),
    nachaFileUrl: varchar('nacha_file_url', { length: 2048 }),
    /**
     * QuickBooks changes to its bills after it was decided (migration 0024): never applied; while
     * any is here the approval warns and its bank file is refused until someone decides again.
     */
    qbChangesAfterDecision: jsonb('qb_changes_after_decision').$type<QbChangeAfterDecision[]>(),
    /** 'MANUAL' (entered in the console or through the API) or 'QUICKBOOKS' (imported by a sync). */
    origin: varchar('origin', { length: 16 }).$type<ApprovalOrigin>().notNull().default('MANUAL'),
    /** The policy version (0: the built-in default) and rule (1-based) this approval follows. */
    policyVersion: integer('policy_version').notNull().default(0),
    policyRule: integer('policy_rule'),
    /** The step waiting for a decision (1-based), null once decided; a copy of its label. */
    currentStep: integer('current_step'),
    stepCount: integer('step_count').notNull().default(0),
    currentStepLabel: text('current_step_label'),
    /** Nobody active could satisfy the current step (escalated at once); cleared when it is decided. */
    stuck: boolean('stuck').notNull().default(false),
    /**
     * Who may decide the current step, as keys ('u:<user id>', 'r:<role>', 'a:<company id>:<assignee>');
     * NULL unless PENDING with an open step. Kept by triggers (migration 0028) in the same
     * transaction as every step write and status change, so the reviewer's queue walks an index.
     */
    waitingFor: text('waiting_for').array(),
    /**
     * Who already decided a step of this waiting approval (the decider and whom they stood in for):
     * the queue leaves it out for them. NULL exactly when waitingFor is; kept by the same triggers
     * (migration 0032), so the queue's walk filters on the index entry, with no look-up per row.
     */
    waitingDecided: integer('waiting_decided').array(),
    /**
     * What the list's search matches besides the id prefix: company name, manager name and
     * e-mail, the bills' vendor names and document numbers, lower-cased and newline-separated.
     * Generated by PostgreSQL, so it cannot disagree with the row; trigram-indexed.
     */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(coalesce(company_name, '') || chr(10) || coalesce(manager_name, '') || chr(10) || coalesce(manager_email, '') || chr(10) || jsonb_path_query_array(bills, '$[*].VendorRef.name')::text || chr(10) || jsonb_path_query_array(bills, '$[*].DocNumber')::text)`,
    ),
    /**
     * What the list shows of the bills without reading them (migration 0047): the first bill's
     * vendor name, how many vendors the bills name, and the earliest due date. Generated by
     * PostgreSQL from the bills, so they cannot disagree with them.
     */
    vendorName: text('vendor_name').generatedAlwaysAs(
      sql`jsonb_path_query_first(bills, '$[*].VendorRef.name') #>> '{}'`,
    ),
    vendorCount: integer('vendor_count')
      .notNull()
      .generatedAlwaysAs(sql`approval_bills_vendor_count(bills)`),
    firstDueDate: date('first_due_date', { mode: 'string' }).generatedAlwaysAs(
      sql`approval_bills_first_due_date(bills)`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('approvals_origin_check', sql`${t.origin} IN ('MANUAL', 'QUICKBOOKS')`),
    // The list's views: filter + sort + id tiebreaker, so LIMIT/OFFSET walks an index in order
    // (ascending sorts walk the same indexes backwards).
    index('approvals_created_at_id_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('approvals_status_created_at_id_idx').on(
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('approvals_company_created_at_id_idx').on(
      t.companyId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('approvals_priority_created_at_id_idx').on(
      t.priority,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('approvals_company_name_lower_id_idx').on(sql`lower(${t.companyName})`, t.id),
    index('approvals_status_id_idx').on(t.status, t.id),
    index('approvals_priority_id_idx').on(t.priority, t.id),
    index('approvals_total_bills_id_idx').on(t.totalBills, t.id),
    index('approvals_processed_bills_id_idx').on(t.processedBills, t.id),
    index('approvals_total_amount_id_idx').on(t.totalAmountCents, t.id),
    index('approvals_manager_name_lower_id_idx').on(sql`lower(${t.managerName})`, t.id),
    // The expiry sweep: PENDING rows by age.
    index('approvals_pending_created_at_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'PENDING'`),
    index('approvals_search_trgm_idx')
      .using('gin', sql`${t.searchText} gin_trgm_ops`)
      .with({ fastupdate: false }),
    // A search's capped count and default-order page read this alone, never the ~3 KB rows (the
    // migration adds INCLUDE (status, priority, company_id, search_text), which Drizzle's builder
    // cannot say).
    index('approvals_search_covering_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The dashboard's decided-per-day chart: the last 30 days of decisions as an index range
    // (migration 0030); partial, so undecided rows cost nothing.
    index('approvals_approval_date_idx')
      .on(t.approvalDate)
      .where(sql`${t.approvalDate} is not null`),
    index('approvals_rejection_date_idx')
      .on(t.rejectionDate)
      .where(sql`${t.rejectionDate} is not null`),
    // Id-prefix search: the id's text with pattern ops so `LIKE 'ab12%'` is an index range.
    index('approvals_id_text_idx').on(sql`(${t.id}::text) text_pattern_ops`),
    index('approvals_created_by_idx').on(t.createdById),
    // The dashboard's count of stuck approvals (nobody active could satisfy their step).
    index('approvals_stuck_idx')
      .on(t.createdAt)
      .where(sql`${t.stuck} and ${t.status} = 'PENDING'`),
    index('approvals_manager_id_idx').on(t.managerId),
    // The reviewer's queue: a person named on few approvals (GIN), anyone else (the default order;
    // the migration adds INCLUDE (waiting_for, waiting_decided, created_by), which Drizzle's builder cannot say).
    index('approvals_waiting_for_idx')
      .using('gin', t.waitingFor)
      .with({ fastupdate: false })
      .where(sql`${t.waitingFor} is not null`),
    // Someone whose role no step names: their own keys, through an index the partial ones above
    // cannot stand in for (migration 0035), so its plan is kept.
    index('approvals_waiting_any_idx')
      .using('gin', sql`coalesce(${t.waitingFor}, '{}'::text[])`)
      .with({ fastupdate: false }),
    index('approvals_waiting_created_at_id_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.waitingFor} is not null`),
    // The list's other orders over the waiting approvals only.
    index('approvals_waiting_id_idx')
      .on(t.id)
      .where(sql`${t.waitingFor} is not null`),
    index('approvals_waiting_company_name_lower_id_idx')
      .on(sql`lower(${t.companyName})`, t.id)
      .where(sql`${t.waitingFor} is not null`),
    index('approvals_waiting_status_id_idx')
      .on(t.status, t.id)
      .where(sql`${t.waitingFor} is not null`),
    index('approvals_waiting_priority_id_idx')
      .on(t.priority, t.id)
      .where(sql`${t.waitingFor} is not null`),
    index('approvals_waiting_total_bills_id_idx')
      .on(t.totalBills, t.id)
      .where(sql`${t.waitingFor} is not null`),
    index('approvals_waiting_processed_bills_id_idx')
      .on(t.processedBills, t.id)
      .where(sql`${t.waitingFor} is not null`),
    index('approvals_waiting_total_amount_id_idx')
      .on(t.totalAmountCents, t.id)
      .where(sql`${t.waitingFor} is not null`),
    index('approvals_waiting_manager_name_lower_id_idx')
      .on(sql`lower(${t.managerName})`, t.id)
      .where(sql`${t.waitingFor} is not null`),
  ],
);
export type ApprovalRow = typeof approvals.$inferSelect;

export type { ApprovalOrigin };

/**
 * Every bill of every approval keyed for the duplicate check (billNumberKey, amount, date), and the
 * flag: the other bill a bill matched when it came in (same vendor and bill number, or same vendor
 * and amount within DUPLICATE_WINDOW_DAYS), and why.
 */
export const approvalBillKeys = pgTable(
  'approval_bill_keys',
  {
    approvalId: uuid('approval_id')
      .notNull()
      .references(() => approvals.id, { onDelete: 'cascade' }),
    billId: varchar('bill_id', { length: 100 }).notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    vendorRef: varchar('vendor_ref', { length: 100 }),
    docKey: varchar('doc_key', { length: 100 }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    billDate: date('bill_date', { mode: 'string' }),
    duplicateKind: varchar('duplicate_kind', { length: 16 }).$type<DuplicateKind>(),
    duplicateOfApprovalId: uuid('duplicate_of_approval_id').references(() => approvals.id, {
      onDelete: 'set null',
    }),
    duplicateOfBillId: varchar('duplicate_of_bill_id', { length: 100 }),
  },
  (t) => [
    primaryKey({ columns: [t.approvalId, t.billId] }),
    check(
      'approval_bill_keys_duplicate_kind_check',
      sql`${t.duplicateKind} IS NULL OR ${t.duplicateKind} IN ('BILL_NUMBER', 'AMOUNT_AND_DATE')`,
    ),
    index('approval_bill_keys_doc_idx')
      .on(t.companyId, t.vendorRef, t.docKey)
      .where(sql`${t.docKey} IS NOT NULL`),
    index('approval_bill_keys_amount_idx').on(t.companyId, t.vendorRef, t.amountCents, t.billDate),
    index('approval_bill_keys_duplicate_of_idx')
      .on(t.duplicateOfApprovalId)
      .where(sql`${t.duplicateOfApprovalId} IS NOT NULL`),
  ],
);
