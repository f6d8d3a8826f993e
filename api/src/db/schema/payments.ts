/**
 * Paying approved bills: originator settings, vendors' bank accounts and their history, bank files,
 * paid bills, each file's entries and the return files the bank sent back (migration 0043).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { BANK_ACCOUNT_TYPES, type BankReturnLine } from 'shared-contracts';
import { approvals } from './approvals';
import { createdAt, updatedAt } from './columns';
import { companies } from './companies';
import { users } from './users';

export const bankAccountTypeEnum = pgEnum('bank_account_type', BANK_ACCOUNT_TYPES);

/**
 * A company's originator settings: what its bank files say about who sends them and through which
 * bank (the file and batch headers). The settlement account, when set, makes files
 * balanced (service class 200 with an offsetting debit); its number is stored encrypted.
 */
export const companyPaymentSettings = pgTable('company_payment_settings', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  odfiRoutingNumber: varchar('odfi_routing_number', { length: 9 }).notNull(),
  odfiName: varchar('odfi_name', { length: 23 }).notNull(),
  companyIdentification: varchar('company_identification', { length: 10 }).notNull(),
  achCompanyName: varchar('ach_company_name', { length: 16 }).notNull(),
  entryDescription: varchar('entry_description', { length: 10 }).notNull(),
  originName: varchar('origin_name', { length: 23 }).notNull(),
  settlementAccountEnc: text('settlement_account_enc'),
  /** The QuickBooks bank account (Account Id) bill payments recorded in QuickBooks are paid from. */
  qbBankAccountId: varchar('qb_bank_account_id', { length: 20 }),
  settlementAccountLast4: varchar('settlement_account_last4', { length: 4 }),
  settlementAccountType: bankAccountTypeEnum('settlement_account_type'),
  /** Dual control of the settlement account, as for vendor accounts (0: never set). */
  settlementVersion: integer('settlement_version').notNull().default(0),
  settlementChangedById: integer('settlement_changed_by').references(() => users.id, {
    onDelete: 'set null',
  }),
  settlementChangedAt: timestamp('settlement_changed_at', { withTimezone: true }),
  settlementConfirmedById: integer('settlement_confirmed_by').references(() => users.id, {
    onDelete: 'set null',
  }),
  settlementConfirmedAt: timestamp('settlement_confirmed_at', { withTimezone: true }),
  updatedById: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Vendors' bank accounts per company, keyed by the QuickBooks vendor (`VendorRef.value`). */
export const vendorBankAccounts = pgTable(
  'vendor_bank_accounts',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    vendorRef: varchar('vendor_ref', { length: 100 }).notNull(),
    vendorName: varchar('vendor_name', { length: 255 }).notNull(),
    routingNumber: varchar('routing_number', { length: 9 }).notNull(),
    /** AES-256-GCM (security/token-cipher.ts); only the last 4 digits leave the server. */
    accountNumberEnc: text('account_number_enc').notNull(),
    accountLast4: varchar('account_last4', { length: 4 }).notNull(),
    accountType: bankAccountTypeEnum('account_type').notNull(),
    /**
     * Dual control: every change of the details raises the version and makes the account pending
     * (confirmedAt null) until someone other than the person who entered it confirms that version.
     */
    version: integer('version').notNull().default(1),
    changedById: integer('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedById: integer('confirmed_by').references(() => users.id, { onDelete: 'set null' }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /**
     * A return saying the account is unusable (R02, R03, R04, R16, R20) blocks the version the
     * returned entry paid: while `version` is not above `blockedVersion`, no bank file pays it.
     */
    blockedCode: varchar('blocked_code', { length: 3 }),
    blockedVersion: integer('blocked_version'),
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    /**
     * The latest notification of change the bank sent about the account (migration 0045) and the
     * version of the pending change it made: while that version waits for confirmation, a bank
     * file held for it names the NOC. Kept once confirmed (why the account changed); a change by
     * hand clears it.
     */
    correctionCode: varchar('correction_code', { length: 3 }),
    correctionVersion: integer('correction_version'),
    correctionAt: timestamp('correction_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('vendor_bank_accounts_company_vendor_key').on(t.companyId, t.vendorRef)],
);

/**
 * Every version of every bank account of a company (`vendor:<ref>` or `settlement`): who entered
 * it and when. The approve rule reads who changed a vendor's account recently from here, so a
 * change and a change back are both remembered.
 */
export const bankAccountChanges = pgTable(
  'bank_account_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    accountKey: varchar('account_key', { length: 110 }).notNull(),
    version: integer('version').notNull(),
    routingNumber: varchar('routing_number', { length: 9 }),
    accountLast4: varchar('account_last4', { length: 4 }),
    accountType: bankAccountTypeEnum('account_type'),
    changedById: integer('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bank_account_changes_key_version_key').on(t.companyId, t.accountKey, t.version),
    index('bank_account_changes_key_changed_at_idx').on(t.companyId, t.accountKey, t.changedAt),
  ],
);

/**
 * Every bank file written, byte for byte. One per approval; a File ID Modifier is used once per
 * originator (ODFI + company identification) and day, which the unique index enforces.
 */
export const nachaFiles = pgTable(
  'nacha_files',
  {
    id: serial('id').primaryKey(),
    approvalId: uuid('approval_id')
      .notNull()
      .references(() => approvals.id, { onDelete: 'restrict' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    batchNumber: integer('batch_number').notNull(),
    fileName: varchar('file_name', { length: 64 }).notNull(),
    odfiRoutingNumber: varchar('odfi_routing_number', { length: 9 }).notNull(),
    companyIdentification: varchar('company_identification', { length: 10 }).notNull(),
    /** The originator's civil date (US Eastern) the file was created on, and its modifier that day. */
    creationDate: varchar('creation_date', { length: 10 }).notNull(),
    fileIdModifier: varchar('file_id_modifier', { length: 1 }).notNull(),
    effectiveEntryDate: varchar('effective_entry_date', { length: 10 }).notNull(),
    content: text('content').notNull(),
    entryCount: integer('entry_count').notNull(),
    totalCreditCents: bigint('total_credit_cents', { mode: 'number' }).notNull(),
    totalDebitCents: bigint('total_debit_cents', { mode: 'number' }).notNull(),
    createdById: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('nacha_files_approval_key').on(t.approvalId),
    uniqueIndex('nacha_files_batch_number_key').on(t.batchNumber),
    uniqueIndex('nacha_files_originator_day_modifier_key').on(
      t.odfiRoutingNumber,
      t.companyIdentification,
      t.creationDate,
      t.fileIdModifier,
    ),
  ],
);

/**
 * Every bill paid, written in the same transaction as its file: the primary key (company, bill id)
 * makes a second file for the same bill impossible, whatever the timing.
 */
export const paidBills = pgTable(
  'paid_bills',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    billId: varchar('bill_id', { length: 100 }).notNull(),
    approvalId: uuid('approval_id')
      .notNull()
      .references(() => approvals.id, { onDelete: 'restrict' }),
    nachaFileId: integer('nacha_file_id')
      .notNull()
      .references(() => nachaFiles.id, { onDelete: 'restrict' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** The same bill under another id: vendor, normalised invoice number and amount (docNumberKey). */
    vendorRef: varchar('vendor_ref', { length: 100 }),
    docNumberKey: varchar('doc_number_key', { length: 100 }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.billId] }),
    index('paid_bills_approval_idx').on(t.approvalId),
    uniqueIndex('paid_bills_vendor_doc_amount_key')
      .on(t.companyId, t.vendorRef, t.docNumberKey, t.amountCents)
      .where(sql`${t.vendorRef} is not null and ${t.docNumberKey} is not null`),
  ],
);

/** A return file applied, once: the same bytes again are recognised by their SHA-256. */
export const bankReturnFiles = pgTable(
  'bank_return_files',
  {
    id: serial('id').primaryKey(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    byteSize: integer('byte_size').notNull(),
    matchedCount: integer('matched_count').notNull(),
    unmatchedCount: integer('unmatched_count').notNull(),
    mismatchCount: integer('mismatch_count').notNull(),
    lines: jsonb('lines').$type<BankReturnLine[]>().notNull(),
    uploadedById: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    uploadedByName: varchar('uploaded_by_name', { length: 511 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('bank_return_files_sha256_key').on(t.sha256),
    index('bank_return_files_created_at_idx').on(t.createdAt, t.id),
  ],
);

/**
 * Each credit to a vendor in a bank file, written with the file. The trace number is unique
 * across all files (one counter numbers them), so a return names exactly one entry.
 */
export const bankFileEntries = pgTable(
  'bank_file_entries',
  {
    id: serial('id').primaryKey(),
    nachaFileId: integer('nacha_file_id')
      .notNull()
      .references(() => nachaFiles.id, { onDelete: 'restrict' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    approvalId: uuid('approval_id')
      .notNull()
      .references(() => approvals.id, { onDelete: 'restrict' }),
    billId: varchar('bill_id', { length: 100 }).notNull(),
    vendorRef: varchar('vendor_ref', { length: 100 }).notNull(),
    vendorName: varchar('vendor_name', { length: 255 }).notNull(),
    /** The version of the vendor's account the entry paid (a blocking return blocks that one). */
    accountVersion: integer('account_version').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    routingNumber: varchar('routing_number', { length: 9 }).notNull(),
    accountLast4: varchar('account_last4', { length: 4 }).notNull(),
    traceNumber: varchar('trace_number', { length: 15 }).notNull(),
    status: varchar('status', { length: 16 }).$type<'SENT' | 'RETURNED'>().notNull().default('SENT'),
    returnCode: varchar('return_code', { length: 3 }),
    returnDescription: text('return_description'),
    /** 'YYYY-MM-DD': the return batch's effective entry date. */
    returnedOn: varchar('returned_on', { length: 10 }),
    returnFileId: integer('return_file_id').references(() => bankReturnFiles.id, { onDelete: 'restrict' }),
    /** A notification of change about the entry (migration 0045): it was paid, the account was wrong. */
    correctionCode: varchar('correction_code', { length: 3 }),
    correctionDescription: text('correction_description'),
    /** 'YYYY-MM-DD': the NOC batch's effective entry date. */
    correctedOn: varchar('corrected_on', { length: 10 }),
    correctionFileId: integer('correction_file_id').references(() => bankReturnFiles.id, {
      onDelete: 'restrict',
    }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('bank_file_entries_trace_number_key').on(t.traceNumber),
    index('bank_file_entries_file_idx').on(t.nachaFileId),
    index('bank_file_entries_approval_idx').on(t.approvalId),
    // A vendor's earlier payments on the approval page (migration 0046).
    index('bank_file_entries_company_vendor_idx').on(t.companyId, t.vendorRef, t.id),
  ],
);

/** The one counter of trace sequences (7 digits) of every bank file. */
export const nachaTraceCounter = pgTable('nacha_trace_counter', {
  id: boolean('id').primaryKey().default(true),
  nextSequence: integer('next_sequence').notNull(),
});

export type BankFileEntryRow = typeof bankFileEntries.$inferSelect;
export type BankReturnFileRow = typeof bankReturnFiles.$inferSelect;

export type PaymentSettingsRow = typeof companyPaymentSettings.$inferSelect;
export type VendorBankAccountRow = typeof vendorBankAccounts.$inferSelect;
export type NachaFileRow = typeof nachaFiles.$inferSelect;
