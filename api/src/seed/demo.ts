/**
 * The demo data set: deterministic (a seeded PRNG, so ids, names and amounts are the same on every
 * fresh database; dates are relative to `now`) and fast (multi-row inserts, the shared demo
 * password hashed once by the caller). The random stream is drawn entity by entity in a fixed
 * order (users, managers, companies, approvals, payment accounts, sign-ins, API keys): change the
 * order and every id and name after it changes.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { approvals, companies } from '../db/schema';
import { startApprovalChain } from '../modules/approvals/approval-policy.service';
import { seedDemoActivity } from './activity';
import { seedDemoApiKeys } from './api-keys';
import { seedDemoApprovals, type PlannedBankFile } from './approvals';
import { seedDemoCompanies } from './companies';
import { seedDemoManagers } from './managers';
import { pickBankFileFailure, planFailure, seedDemoPaymentAccounts, writeDemoBankFiles } from './payments';
import { analyze, createRandom, type SeedContext } from './random';
import { seedDemoFactors } from './demo-factors';
import { DEMO_ACCOUNTS, seedDemoUsers } from './users';

export interface SeedCounts {
  /** All users including the demo accounts. */
  users: number;
  companies: number;
  managers: number;
  approvals: number;
}

export const DEMO_COUNTS: SeedCounts = { users: 60, companies: 30, managers: 12, approvals: 300 };
/** Enough of everything for API tests, in a fraction of the time. */
export const SMALL_COUNTS: SeedCounts = { users: 12, companies: 8, managers: 4, approvals: 24 };

export interface SeedOptions {
  /** argon2id hash of DEMO_PASSWORD, computed once by the caller. */
  passwordHash: string;
  /** Key QuickBooks tokens are encrypted with (config.qbTokenKey). */
  qbTokenKey: Buffer;
  /** Key vendor and settlement account numbers are encrypted with (config.bankAccountKey). */
  bankAccountKey: Buffer;
  /** Key the demo authenticator's secret is encrypted with (config.mfaSecretKey). */
  mfaSecretKey: Buffer;
  counts?: SeedCounts;
  now?: Date;
}

export interface SeedSummary {
  users: number;
  companies: number;
  managers: number;
  approvals: number;
  activity: number;
  apiKeys: number;
  /** Bank files written by the real generator (approvals past NACHA_PENDING). */
  bankFiles: number;
}

/**
 * Fills an empty database with the demo data set in one transaction, then has the real generator write
 * the demo bank files (one transaction per approval, as an approve would), then refreshes statistics.
 */
export async function seedDemoData(db: Db, options: SeedOptions): Promise<SeedSummary> {
  const { summary, bankFiles } = await insertDemoData(db, options);
  const written = await writeDemoBankFiles(db, options.bankAccountKey, bankFiles);
  await analyze(db);
  return { ...summary, bankFiles: written };
}

async function insertDemoData(
  db: Db,
  options: SeedOptions,
): Promise<{ summary: Omit<SeedSummary, 'bankFiles'>; bankFiles: PlannedBankFile[] }> {
  const counts = options.counts ?? DEMO_COUNTS;
  const now = options.now ?? new Date();
  const context: SeedContext = {
    random: createRandom(20_240_601),
    now,
    ago: (ms: number) => new Date(now.getTime() - ms),
  };
  return db.transaction(async (tx) => {
    const userRows = await seedDemoUsers(tx, counts.users, options.passwordHash, context);
    await seedDemoFactors(tx, userRows, options.mfaSecretKey, context);
    const admin = userRows[0]!;
    const staff = userRows.filter((u) => u.isActive && u.role !== 'GUEST');
    const managerRows = await seedDemoManagers(tx, counts.managers, userRows, context);
    const companyRows = await seedDemoCompanies(
      tx,
      counts.companies,
      { managerRows, staff },
      options.qbTokenKey,
      context,
    );
    const people = {
      admin,
      staff,
      creators: userRows.filter((u) => u.role !== 'GUEST'),
      demoCreators: userRows.filter(
        (u) => u.isActive && u.role !== 'GUEST' && DEMO_ACCOUNTS.some((a) => a.email === u.email),
      ),
      companyRows,
      managerRows,
    };
    const { approvalSeeds, activitySeeds, bankFilePlan } = await seedDemoApprovals(
      tx,
      counts.approvals,
      people,
      context,
    );
    await assignDemoApprovers(tx, userRows, companyRows);
    await startDemoChains(tx, now);
    // Every company can pay every demo vendor, except one (company, vendor) pair: an APPROVED
    // approval holding that vendor is the visible failure example ('… has no bank account').
    const failure = pickBankFileFailure(approvalSeeds, bankFilePlan);
    planFailure(bankFilePlan, failure, userRows, admin);
    await seedDemoPaymentAccounts(tx, companyRows, failure, options.bankAccountKey, context.random);
    await seedDemoActivity(tx, activitySeeds, { userRows, companyRows, admin }, context.random);
    const apiKeys = await seedDemoApiKeys(tx, userRows, context);
    const summary = {
      users: userRows.length,
      companies: companyRows.length,
      managers: managerRows.length,
      approvals: approvalSeeds.length,
      activity: activitySeeds.length,
      apiKeys,
    };
    return { summary, bankFiles: bankFilePlan };
  });
}

/**
 * Under the default approval policy a USER decides only where they are the company's approver:
 * the demo USER is the approver of every third company (the first included) and of the newest
 * one (the company list's first row), so that account keeps approvals to decide. Done after the
 * random draws, so no other id or name changes.
 */
async function assignDemoApprovers(
  tx: Db,
  userRows: Array<{ id: number; email: string }>,
  companyRows: Array<{ id: number; createdAt: Date }>,
): Promise<void> {
  const demoUser = userRows.find((u) => u.email === 'user@example.com');
  if (!demoUser) return;
  const newest = [...companyRows].sort(
    (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id,
  )[0];
  const ids = [
    ...new Set([
      ...companyRows.filter((_, i) => i % 3 === 0).map((c) => c.id),
      ...(newest ? [newest.id] : []),
    ]),
  ];
  if (ids.length > 0)
    await tx.update(companies).set({ approverId: demoUser.id }).where(inArray(companies.id, ids));
}

/** The pending demo approvals follow their company's policy (the default) like any created through the API. */
async function startDemoChains(tx: Db, now: Date): Promise<void> {
  const pending = await tx
    .select()
    .from(approvals)
    .where(and(eq(approvals.status, 'PENDING'), sql`${approvals.stepCount} = 0`));
  for (const row of pending) await startApprovalChain(tx, row, now);
}
