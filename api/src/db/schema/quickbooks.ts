/** QuickBooks: the connect flow's states, webhook receipts, each company's sync, and what it imported and paid. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import type { QbBillPaymentDeletion, QbBillPaymentStatus } from 'shared-contracts';
import { approvals } from './approvals';
import { createdAt, updatedAt } from './columns';
import { companies } from './companies';
import { users } from './users';

/**
 * The `state` of a QuickBooks connect flow, hashed: single-use, short-lived and bound to the staff
 * member's session and the company, so a callback cannot be replayed, forged from another session
 * or pointed at another company.
 */
export const qbOauthStates = pgTable(
  'qb_oauth_states',
  {
    stateHash: varchar('state_hash', { length: 64 }).primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: varchar('session_id', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('qb_oauth_states_expires_at_idx').on(t.expiresAt)],
);

export type QbSyncPhase = 'vendors' | 'bills' | 'incremental';

/**
 * QuickBooks notifications received lately, by the SHA-256 of their signed bytes: the same
 * payload again within the replay window is acknowledged but queues nothing (Intuit retries a
 * delivery it thinks failed; a captured one may be replayed). Rows older than the window are
 * deleted as new ones arrive.
 */
export const qbWebhookReceipts = pgTable(
  'qb_webhook_receipts',
  {
    digest: varchar('digest', { length: 64 }).primaryKey(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('qb_webhook_receipts_received_at_idx').on(t.receivedAt)],
);

/**
 * Where a company's QuickBooks sync stands (migration 0023): the phase and the last id it read
 * (a sync cut between pages resumes after it), the CDC time the next incremental sync asks from, the
 * lease of the process running it (its owner fences every page's write), and what the sync
 * panel shows.
 */
export const qbSyncState = pgTable(
  'qb_sync_state',
  {
    companyId: integer('company_id')
      .primaryKey()
      .references(() => companies.id, { onDelete: 'cascade' }),
    phase: varchar('phase', { length: 16 }).$type<QbSyncPhase>().notNull().default('vendors'),
    /** Pages written in this phase, plus one: the fence of each page's write (migration 0031). */
    nextPosition: integer('next_position').notNull().default(1),
    /** The last QuickBooks id the full sync's phase read; the next page asks for the ids after it. */
    afterId: varchar('after_id', { length: 20 }),
    /**
     * The QuickBooks company (realm) whose vendors and bills this company holds (migration 0031):
     * QuickBooks ids are unique only within one realm, so a company holding them is never
     * connected to another realm.
     */
    realmId: varchar('realm_id', { length: 32 }),
    fullSyncStartedAt: timestamp('full_sync_started_at', { withTimezone: true }),
    cdcSince: timestamp('cdc_since', { withTimezone: true }),
    leaseOwner: varchar('lease_owner', { length: 64 }),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    runStartedAt: timestamp('run_started_at', { withTimezone: true }),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    lastError: text('last_error'),
    lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    billsImported: integer('bills_imported').notNull().default(0),
    requests: integer('requests').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('qb_sync_state_phase_check', sql`${t.phase} IN ('vendors', 'bills', 'incremental')`),
    index('qb_sync_state_next_run_at_idx').on(t.nextRunAt),
  ],
);

/**
 * Every QuickBooks bill imported, once: the primary key (company, QuickBooks bill id) makes a
 * second import impossible whatever runs concurrently. `approvalId` is the approval it went
 * into (null with `skippedReason` when it was not put into one, e.g. already paid).
 */
export const qbImportedBills = pgTable(
  'qb_imported_bills',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    qbBillId: varchar('qb_bill_id', { length: 20 }).notNull(),
    approvalId: uuid('approval_id').references(() => approvals.id, { onDelete: 'set null' }),
    syncToken: varchar('sync_token', { length: 20 }).notNull(),
    vendorRef: varchar('vendor_ref', { length: 100 }),
    dueDate: date('due_date', { mode: 'string' }),
    skippedReason: text('skipped_reason'),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.qbBillId] }),
    index('qb_imported_bills_approval_idx').on(t.approvalId),
  ],
);

/**
 * The BillPayment recorded back in QuickBooks for each bill the console paid (migration 0024):
 * written with the PAYMENT_COMPLETED status change, then created in QuickBooks by a job. The
 * primary key makes one per bill; `requestId` (Intuit's requestid) makes a retried POST answer
 * the first payment instead of creating another.
 */
export const qbBillPayments = pgTable(
  'qb_bill_payments',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    qbBillId: varchar('qb_bill_id', { length: 20 }).notNull(),
    approvalId: uuid('approval_id')
      .notNull()
      .references(() => approvals.id, { onDelete: 'cascade' }),
    docNumber: varchar('doc_number', { length: 64 }),
    vendorRef: varchar('vendor_ref', { length: 100 }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    txnDate: date('txn_date', { mode: 'string' }).notNull(),
    requestId: uuid('request_id').notNull(),
    status: varchar('status', { length: 16 }).$type<QbBillPaymentStatus>().notNull().default('pending'),
    qbPaymentId: varchar('qb_payment_id', { length: 20 }),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    /** After the bank returned the payment (migration 0044): deleting the BillPayment again. */
    deletion: varchar('deletion', { length: 16 }).$type<QbBillPaymentDeletion>(),
    deleteRequestId: uuid('delete_request_id'),
    deleteSyncToken: varchar('delete_sync_token', { length: 20 }),
    deleteError: text('delete_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.qbBillId] }),
    check('qb_bill_payments_status_check', sql`${t.status} IN ('pending', 'created', 'failed')`),
    check(
      'qb_bill_payments_deletion_check',
      sql`${t.deletion} IN ('cancelled', 'pending', 'deleted', 'failed')`,
    ),
    index('qb_bill_payments_approval_idx').on(t.approvalId),
    index('qb_bill_payments_pending_idx')
      .on(t.updatedAt)
      .where(sql`${t.status} = 'pending'`),
    index('qb_bill_payments_delete_pending_idx')
      .on(t.updatedAt)
      .where(sql`${t.deletion} = 'pending'`),
  ],
);
export type QbBillPaymentRow = typeof qbBillPayments.$inferSelect;

/** A company's QuickBooks vendors by QuickBooks id (the key of vendor_bank_accounts.vendor_ref). */
export const qbVendors = pgTable(
  'qb_vendors',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    qbVendorId: varchar('qb_vendor_id', { length: 20 }).notNull(),
    displayName: varchar('display_name', { length: 255 }).notNull(),
    active: boolean('active').notNull().default(true),
    syncToken: varchar('sync_token', { length: 20 }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.qbVendorId] })],
);
