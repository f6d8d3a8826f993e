/**
 * Demo data: deterministic (a seeded PRNG, so ids, names and amounts are the
 * same on every fresh database; dates are relative to `now`) and fast (multi-row inserts, the
 * shared demo password hashed once by the caller).
 */
import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  ACH_BANK_NAME_MAX,
  ACH_COMPANY_NAME_MAX,
  APPROVAL_PRIORITIES,
  APPROVAL_STATUSES,
  INDUSTRIES,
  type ApprovalPriority,
  type ApprovalStatus,
  type Bill,
  type CompanyStatus,
  type QbConnectionStatus,
  DEFAULT_ENTRY_DESCRIPTION,
  routingCheckDigit,
  type Role,
} from 'shared-contracts';
import { advancePaymentStatus, generateBankFile } from '../modules/payments/bank-files.service';
import { REVOKED_TOKEN_PREFIX } from '../quickbooks/mock-token-server';
import { hashOpaqueToken } from '../security/opaque-tokens';
import { encryptSecret } from '../security/token-cipher';
import type { Db } from './client';
import {
  activity,
  apiKeys,
  approvals,
  companies,
  companyPaymentSettings,
  managers,
  users,
  vendorBankAccounts,
  type UserRow,
} from './schema';
import {
  API_KEY_NAMES,
  COMPANIES,
  FIRST_NAMES,
  ITEMS,
  LAST_NAMES,
  LOWERCASE_BRANDS,
  MANAGER_TITLES,
  NAME_CORES,
  NAME_PREFIXES,
  NAME_SUFFIXES,
  PLACES,
  REJECTION_REASONS,
  USER_TITLES,
  VENDORS,
} from './seed-data';

export const DEMO_PASSWORD = 'Password123!';


/** When the demo bank accounts were entered and confirmed: long before any demo approval. */
const SEEDED_ACCOUNTS_AT = new Date('2024-01-02T15:00:00Z');
/** One sign-in per role, plus a disabled account to try. */
export const DEMO_ACCOUNTS: ReadonlyArray<{
  email: string;
  role: Role;
  firstName: string;
  lastName: string;
  title: string;
  isActive: boolean;
}> = [
  {
    email: 'admin@example.com',
    role: 'ADMIN',
    firstName: 'Ada',
    lastName: 'Admin',
    title: 'System Administrator',
    isActive: true,
  },
  {
    email: 'moderator@example.com',
    role: 'MODERATOR',
    firstName: 'Morgan',
    lastName: 'Moderator',
    title: 'Finance Manager',
    isActive: true,
  },
  {
    email: 'user@example.com',
    role: 'USER',
    firstName: 'Uma',
    lastName: 'User',
    title: 'Accounts Payable Specialist',
    isActive: true,
  },
  {
    email: 'guest@example.com',
    role: 'GUEST',
    firstName: 'Gus',
    lastName: 'Guest',
    title: 'Auditor',
    isActive: true,
  },
  {
    email: 'inactive@example.com',
    role: 'USER',
    firstName: 'Ivy',
    lastName: 'Inactive',
    title: 'Former Bookkeeper',
    isActive: false,
  },
];

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

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** mulberry32: tiny, fast and good enough for demo data. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const chance = (probability: number) => next() < probability;
  const uuid = () => {
    const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16));
    hex[12] = '4';
    hex[16] = ((Number.parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
    const s = hex.join('');
    return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
  };
  return { next, int, pick, chance, uuid };
}
export type Random = ReturnType<typeof createRandom>;

function fullName(person: { firstName: string | null; lastName: string | null; email: string }): string {
  return [person.firstName, person.lastName].filter(Boolean).join(' ') || person.email;
}

/** Inserts rows in chunks: one statement per chunk keeps parameters under PostgreSQL's limit. */
async function insertChunked<T>(
  rows: T[],
  size: number,
  insert: (chunk: T[]) => Promise<unknown>,
): Promise<void> {
  for (let start = 0; start < rows.length; start += size) await insert(rows.slice(start, start + size));
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

/** An approval the seed approved, and how far its bank file should get. */
interface PlannedBankFile {
  approvalId: string;
  approver: UserRow;
  admin: UserRow;
  target: 'NACHA_GENERATED' | 'BANK_UPLOADED' | 'PAYMENT_COMPLETED' | 'FAILED';
}

/**
 * The demo's bank files come from the product's own generator, so every generated file is real and
 * downloadable (and the failure example fails for the reason the product gives). Runs after the
 * demo data committed, one approval at a time, exactly as an approve would.
 */
async function writeDemoBankFiles(db: Db, bankAccountKey: Buffer, plan: PlannedBankFile[]): Promise<number> {
  const deps = {
    db,
    config: { bankAccountKey },
    log: { info: () => undefined, warn: () => undefined, error: () => undefined },
  };
  let written = 0;
  for (const item of plan) {
    const outcome = await generateBankFile(deps, item.approver, item.approvalId);
    if (outcome.status !== 'NACHA_GENERATED') continue;
    written += 1;
    if (item.target === 'BANK_UPLOADED' || item.target === 'PAYMENT_COMPLETED') {
      await advancePaymentStatus(deps, item.admin, item.approvalId, 'BANK_UPLOADED');
    }
    if (item.target === 'PAYMENT_COMPLETED') {
      await advancePaymentStatus(deps, item.admin, item.approvalId, 'PAYMENT_COMPLETED');
    }
  }
  return written;
}

/**
 * Planner statistics after a bulk load: without them PostgreSQL guesses row counts and may sort a
 * whole table instead of walking the index that matches a list's filter and order. (PGlite runs no
 * autovacuum, so nothing else would ever collect them.)
 */
export async function analyze(db: Db): Promise<void> {
  await db.execute(sql`ANALYZE`);
}

async function insertDemoData(
  db: Db,
  options: SeedOptions,
): Promise<{ summary: Omit<SeedSummary, 'bankFiles'>; bankFiles: PlannedBankFile[] }> {
  const counts = options.counts ?? DEMO_COUNTS;
  const now = options.now ?? new Date();
  const random = createRandom(20_240_601);
  const ago = (ms: number) => new Date(now.getTime() - ms);

  return db.transaction(async (tx) => {
    // ---- users ------------------------------------------------------------------------------
    type UserSeed = typeof users.$inferInsert;
    const userSeeds: UserSeed[] = DEMO_ACCOUNTS.map((account, index) => ({
      ...account,
      passwordHash: options.passwordHash,
      createdAt: ago((400 - index) * DAY),
      lastLoginAt: account.isActive ? ago((index + 1) * 2 * HOUR) : ago(90 * DAY),
    }));
    const generatedRoles: Role[] = [
      'USER',
      'USER',
      'USER',
      'MODERATOR',
      'USER',
      'GUEST',
      'USER',
      'ADMIN',
      'USER',
      'GUEST',
    ];
    for (let i = 0; userSeeds.length < counts.users; i += 1) {
      const firstName = FIRST_NAMES[i % FIRST_NAMES.length] as string;
      const lastName = LAST_NAMES[(i * 7 + 3) % LAST_NAMES.length] as string;
      const createdDaysAgo = i % 9 === 0 ? random.int(0, 20) : random.int(21, 380);
      const isActive = i % 7 !== 5;
      userSeeds.push({
        email: `${firstName}.${lastName}${i + 1}@example.com`.toLowerCase(),
        passwordHash: options.passwordHash,
        firstName,
        lastName,
        title: random.pick(USER_TITLES),
        role: generatedRoles[i % generatedRoles.length] as Role,
        isActive,
        createdAt: ago(createdDaysAgo * DAY + random.int(0, 20) * HOUR),
        lastLoginAt: random.chance(0.75) ? ago(random.int(1, 24 * 30) * HOUR) : null,
      });
    }
    for (const seed of userSeeds) seed.updatedAt = seed.createdAt;
    const userRows = await tx.insert(users).values(userSeeds).returning();
    const admin = userRows[0]!;
    const staff = userRows.filter((u) => u.isActive && u.role !== 'GUEST');
    const creators = userRows.filter((u) => u.role !== 'GUEST');
    const demoCreators = userRows.filter(
      (u) => u.isActive && u.role !== 'GUEST' && DEMO_ACCOUNTS.some((a) => a.email === u.email),
    );

    // ---- managers ---------------------------------------------------------------------------
    const linkable = userRows.filter((u) => u.role !== 'GUEST' && u.isActive);
    const managerSeeds: Array<typeof managers.$inferInsert> = [];
    for (let i = 0; i < counts.managers; i += 1) {
      // Every other manager is linked to a distinct user account; the moderator demo account first.
      const linked = i % 2 === 0 ? linkable[(i / 2 + 1) % linkable.length] : undefined;
      const firstName = linked?.firstName ?? (FIRST_NAMES[(i * 5 + 11) % FIRST_NAMES.length] as string);
      const lastName = linked?.lastName ?? (LAST_NAMES[(i * 3 + 17) % LAST_NAMES.length] as string);
      const status = i % 6 === 5 ? 'INACTIVE' : i % 11 === 7 ? 'SUSPENDED' : 'ACTIVE';
      const createdAt = ago(random.int(30, 360) * DAY);
      managerSeeds.push({
        firstName,
        lastName,
        email: linked?.email ?? `${firstName}.${lastName}@managers.example.com`.toLowerCase(),
        phone: random.chance(0.8)
          ? `(555) ${random.int(200, 999)}-${String(random.int(0, 9999)).padStart(4, '0')}`
          : null,
        title: random.pick(MANAGER_TITLES),
        status,
        isActive: status === 'ACTIVE',
        userId: linked?.id ?? null,
        createdAt,
        updatedAt: createdAt,
      });
    }
    const managerRows = managerSeeds.length ? await tx.insert(managers).values(managerSeeds).returning() : [];

    // ---- companies --------------------------------------------------------------------------
    // Every QuickBooks card state, in this order by index (see DEMO_QB_STATES).
    const qbStates = DEMO_QB_STATES;
    const companySeeds: Array<typeof companies.$inferInsert> = [];
    for (let i = 0; i < counts.companies; i += 1) {
      const base = COMPANIES[i % COMPANIES.length]!;
      const round = Math.floor(i / COMPANIES.length);
      const status: CompanyStatus = i % 5 === 3 ? 'INACTIVE' : i % 7 === 6 ? 'SUSPENDED' : 'ACTIVE';
      const createdAt = ago(random.int(10, 700) * DAY);
      companySeeds.push({
        ...companyContact(random, base, round),
        status,
        isActive: status === 'ACTIVE',
        ...quickBooksState(qbStates[i % qbStates.length]!, random, now, options.qbTokenKey),
        managerId: managerRows.length && random.chance(0.8) ? random.pick(managerRows).id : null,
        processorId: random.chance(0.7) ? random.pick(staff).id : null,
        approverId: random.chance(0.7) ? random.pick(staff).id : null,
        accountantId: random.chance(0.6) ? random.pick(staff).id : null,
        createdAt,
        updatedAt: new Date(Math.min(now.getTime(), createdAt.getTime() + random.int(0, 60) * DAY)),
      });
    }
    const companyRows = await tx.insert(companies).values(companySeeds).returning();

    // ---- approvals --------------------------------------------------------------------------
    const statusPlan = planStatuses(counts.approvals);
    const approvalSeeds: Array<typeof approvals.$inferInsert> = [];
    const activitySeeds: Array<typeof activity.$inferInsert> = [];
    let billNumber = 1000;
    const bankFilePlan: PlannedBankFile[] = [];
    for (let i = 0; i < counts.approvals; i += 1) {
      const status = statusPlan[i]!;
      const priority = pickPriority(random);
      const company = random.pick(companyRows);
      const manager =
        managerRows.find((m) => m.id === company.managerId) ??
        (managerRows.length ? random.pick(managerRows) : undefined);
      // Every fifth approval is created by a demo account (admin, moderator, user in turn), so
      // segregation of duties can be tried with the demo sign-ins.
      const creator = i % 5 === 0 ? demoCreators[(i / 5) % demoCreators.length]! : random.pick(creators);
      const createdAt =
        status === 'PENDING'
          ? ago(random.int(1, 20 * 24) * HOUR)
          : status === 'EXPIRED'
            ? ago(random.int(35, 170) * DAY)
            : ago(random.int(2, 150) * DAY + random.int(0, 23) * HOUR);
      const bills = Array.from({ length: random.int(1, 5) }, () =>
        makeBill(random, (billNumber += 1), createdAt),
      );
      const id = random.uuid();
      const totalCents = bills.reduce((sum, bill) => sum + Math.round(bill.TotalAmt * 100), 0);
      // Segregation of duties holds in the demo data too: the decider is never the creator.
      const approver = random.pick(staff.filter((u) => u.id !== creator.id));
      const decidedAt = new Date(
        Math.min(now.getTime() - HOUR, createdAt.getTime() + random.int(2, 72) * HOUR),
      );
      const approved = [
        'APPROVED',
        'NACHA_GENERATED',
        'NACHA_PENDING',
        'BANK_UPLOADED',
        'PAYMENT_COMPLETED',
      ].includes(status);
      const approvedBills = approved ? bills.filter((_, index) => index === 0 || random.chance(0.75)) : null;
      const recipients = [manager?.email, random.pick(staff).email].filter((email): email is string =>
        Boolean(email),
      );

      const seed: typeof approvals.$inferInsert = {
        id,
        companyId: company.id,
        status,
        priority,
        bills,
        approvedBills,
        billIds: bills.map((bill) => bill.Id),
        approvedBillIds: approvedBills?.map((bill) => bill.Id) ?? [],
        totalBills: bills.length,
        processedBills: approvedBills?.length ?? 0,
        totalAmountCents: totalCents,
        approvedAmountCents:
          approvedBills?.reduce((sum, bill) => sum + Math.round(bill.TotalAmt * 100), 0) ?? 0,
        companyName: company.name,
        managerId: manager?.id ?? null,
        managerName: manager ? `${manager.firstName} ${manager.lastName}` : null,
        managerEmail: manager?.email ?? null,
        recipients: [...new Set(recipients)],
        createdById: creator.id,
        createdByName: fullName(creator),
        createdAt,
        updatedAt: approved || status === 'REJECTED' ? decidedAt : createdAt,
      };
      activitySeeds.push({
        userId: creator.id,
        userName: fullName(creator),
        action: 'approval.create',
        entityType: 'approval',
        entityId: id,
        description: `${fullName(creator)} submitted approval ${id.slice(0, 8)} for ${company.name}`,
        details: { companyId: company.id, totalBills: bills.length, totalAmount: totalCents / 100 },
        createdAt,
      });
      if (approved) {
        Object.assign(seed, {
          approvedById: approver.id,
          approvedBy: fullName(approver),
          approvalDate: decidedAt,
        });
        activitySeeds.push({
          userId: approver.id,
          userName: fullName(approver),
          action: 'approval.approve',
          entityType: 'approval',
          entityId: id,
          description: `${fullName(approver)} approved approval ${id.slice(0, 8)} for ${company.name}`,
          details: { approvedBills: approvedBills?.length ?? 0 },
          createdAt: decidedAt,
        });
      }
      if (status === 'REJECTED') {
        const reason = random.pick(REJECTION_REASONS);
        Object.assign(seed, {
          rejectedById: approver.id,
          rejectedBy: fullName(approver),
          rejectionDate: decidedAt,
          rejectionReason: reason,
        });
        activitySeeds.push({
          userId: approver.id,
          userName: fullName(approver),
          action: 'approval.reject',
          entityType: 'approval',
          entityId: id,
          description: `${fullName(approver)} rejected approval ${id.slice(0, 8)} for ${company.name}`,
          details: { reason },
          createdAt: decidedAt,
        });
      }
      if (status === 'NACHA_PENDING') {
        // A generation cut off mid-way (the API's first step committed, the second never ran): no
        // file yet, and 'Generate NACHA file' retries it.
        Object.assign(seed, { nachaProcessingStatus: 'PENDING', updatedAt: decidedAt });
      } else if (
        status === 'NACHA_GENERATED' ||
        status === 'BANK_UPLOADED' ||
        status === 'PAYMENT_COMPLETED'
      ) {
        // Seeded APPROVED; the real generator writes the file once the data has committed.
        seed.status = 'APPROVED';
        bankFilePlan.push({ approvalId: id, approver, admin, target: status });
      }
      approvalSeeds.push(seed);
    }
    await insertChunked(approvalSeeds, 200, (chunk) => tx.insert(approvals).values(chunk));

    // ---- payments: originator settings and vendor bank accounts -----------------------------
    // Every company can pay every demo vendor, except one (company, vendor) pair: an APPROVED
    // approval holding that vendor is the visible failure example ('… has no bank account').
    const failure = pickBankFileFailure(approvalSeeds, bankFilePlan);
    const failingApprover = failure && userRows.find((user) => user.id === failure.approverId);
    if (failure && failingApprover) {
      bankFilePlan.push({
        approvalId: failure.approvalId,
        approver: failingApprover,
        admin,
        target: 'FAILED',
      });
    }
    await tx
      .insert(companyPaymentSettings)
      .values(
        companyRows.map((company, index) =>
          paymentSettingsFor(company, index, random, options.bankAccountKey),
        ),
      );
    const accountSeeds: Array<typeof vendorBankAccounts.$inferInsert> = [];
    for (const company of companyRows) {
      VENDORS.forEach((vendor, index) => {
        const vendorRef = String(index + 1);
        if (failure && failure.companyId === company.id && failure.vendorRef === vendorRef) return;
        const accountNumber = String(random.int(10_000_000, 99_999_999)) + String(random.int(10, 9999));
        accountSeeds.push({
          companyId: company.id,
          vendorRef,
          vendorName: vendor.name,
          routingNumber: randomRoutingNumber(random),
          accountNumberEnc: encryptSecret(accountNumber, options.bankAccountKey),
          accountLast4: accountNumber.slice(-4),
          accountType: index % 4 === 3 ? 'savings' : 'checking',
          changedAt: SEEDED_ACCOUNTS_AT,
          confirmedAt: SEEDED_ACCOUNTS_AT,
        });
      });
    }
    await insertChunked(accountSeeds, 500, (chunk) => tx.insert(vendorBankAccounts).values(chunk));

    // ---- activity: accounts, companies and sign-ins -----------------------------------------
    for (const user of userRows.slice(DEMO_ACCOUNTS.length)) {
      activitySeeds.push({
        userId: admin.id,
        userName: fullName(admin),
        action: 'user.create',
        entityType: 'user',
        entityId: String(user.id),
        description: `${fullName(admin)} created user ${fullName(user)}`,
        details: { email: user.email, role: user.role },
        createdAt: user.createdAt,
      });
    }
    for (const company of companyRows) {
      activitySeeds.push({
        userId: admin.id,
        userName: fullName(admin),
        action: 'company.create',
        entityType: 'company',
        entityId: String(company.id),
        description: `${fullName(admin)} created company ${company.name}`,
        details: { status: company.status },
        createdAt: company.createdAt,
      });
    }
    // Sign-ins: enough for the admin to rank "High" (>100) and the moderator "Medium" (>20).
    userRows.forEach((user, index) => {
      if (!user.lastLoginAt) return;
      const logins =
        index === 0 ? 120 : index === 1 ? 35 : index < DEMO_ACCOUNTS.length ? 12 : random.int(0, 8);
      for (let n = 0; n < logins; n += 1) {
        const at =
          n === 0 ? user.lastLoginAt : new Date(user.lastLoginAt.getTime() - n * random.int(18, 60) * HOUR);
        if (at < user.createdAt) break;
        activitySeeds.push({
          userId: user.id,
          userName: fullName(user),
          action: 'auth.login',
          entityType: 'user',
          entityId: String(user.id),
          description: `${fullName(user)} signed in`,
          createdAt: at,
        });
      }
    });
    activitySeeds.sort((a, b) => (a.createdAt as Date).getTime() - (b.createdAt as Date).getTime());
    await insertChunked(activitySeeds, 500, (chunk) => tx.insert(activity).values(chunk));

    // ---- API keys ---------------------------------------------------------------------------
    const keyOwners = userRows.filter((u) => u.role === 'ADMIN' || u.role === 'MODERATOR');
    const keySeeds = API_KEY_NAMES.map((name, index) => {
      const secret = `ak_demo_${index}_${random.uuid().replace(/-/g, '')}`;
      return {
        userId: keyOwners[index % keyOwners.length]!.id,
        name,
        prefix: secret.slice(0, 12),
        keyHash: hashOpaqueToken(secret),
        createdAt: ago(random.int(5, 200) * DAY),
        lastUsedAt: index % 2 === 0 ? ago(random.int(1, 48) * HOUR) : null,
        // The last one was revoked, so the dashboard counts one fewer than the table holds.
        revokedAt: index === API_KEY_NAMES.length - 1 ? ago(2 * DAY) : null,
      };
    });
    await tx.insert(apiKeys).values(keySeeds);

    return {
      summary: {
        users: userRows.length,
        companies: companyRows.length,
        managers: managerRows.length,
        approvals: approvalSeeds.length,
        activity: activitySeeds.length,
        apiKeys: keySeeds.length,
      },
      bankFiles: bankFilePlan,
    };
  });
}

/** True once the demo accounts exist: `pnpm seed` then leaves the data alone. */
export async function hasDemoAccounts(db: Db): Promise<boolean> {
  const emails = DEMO_ACCOUNTS.map((account) => account.email);
  const rows = await db.select({ id: users.id }).from(users).where(inArray(users.email, emails)).limit(1);
  return rows.length > 0;
}

/** First admin of a PostgreSQL deployment (ADMIN_EMAIL / ADMIN_PASSWORD), when users is empty. */
export async function createFirstAdmin(db: Db, email: string, passwordHash: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({ email, passwordHash, role: 'ADMIN', isActive: true, firstName: 'Administrator' })
      .onConflictDoNothing()
      .returning();
    if (!user) return;
    await tx.insert(activity).values({
      userId: user.id,
      userName: user.email,
      action: 'user.create',
      entityType: 'user',
      entityId: String(user.id),
      description: `First administrator ${user.email} created from ADMIN_EMAIL`,
    });
  });
}

/**
 * `count` generated companies in batches of 1000 (benchmarks: `pnpm seed --companies 100000`),
 * shaped like a real book of clients so list benchmarks mean something: names from word lists
 * (a few lower-case brands, some duplicates), every industry, mostly ACTIVE, every QuickBooks
 * state, some missing e-mails, websites and industries (NULL ordering), created over three years,
 * and assignees drawn from the existing managers and staff.
 */
export async function seedBulkCompanies(
  db: Db,
  count: number,
  options: { qbTokenKey: Buffer; now?: Date; onProgress?: (done: number) => void },
): Promise<void> {
  const now = options.now ?? new Date();
  const random = createRandom(now.getTime() % 2_147_483_647);
  const [existing] = await db.select({ count: sql<number>`count(*)`.mapWith(Number) }).from(companies);
  const offset = existing?.count ?? 0;
  const managerIds = (await db.select({ id: managers.id }).from(managers)).map((row) => row.id);
  const staffIds = (
    await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.isActive, true), inArray(users.role, ['ADMIN', 'MODERATOR', 'USER'])))
  ).map((row) => row.id);
  const maybe = (ids: number[], probability: number) =>
    ids.length && random.chance(probability) ? random.pick(ids) : null;
  const weighted = <T>(entries: ReadonlyArray<readonly [T, number]>): T => {
    let roll = random.next() * entries.reduce((sum, [, weight]) => sum + weight, 0);
    for (const [value, weight] of entries) if ((roll -= weight) < 0) return value;
    return entries[entries.length - 1]![0];
  };
  for (let done = 0; done < count;) {
    const batch = Math.min(1000, count - done);
    const rows: Array<typeof companies.$inferInsert> = [];
    for (let i = 0; i < batch; i += 1) {
      const n = offset + done + i + 1;
      const industry = random.pick(INDUSTRIES);
      const brand = random.chance(0.03) ? random.pick(LOWERCASE_BRANDS) : random.pick(NAME_PREFIXES);
      const name = `${brand} ${random.pick(NAME_CORES[industry])}${random.pick(NAME_SUFFIXES)}`;
      const slug = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '')}${n}`;
      const place = random.pick(PLACES);
      const status = weighted<CompanyStatus>([
        ['ACTIVE', 75],
        ['INACTIVE', 17],
        ['SUSPENDED', 8],
      ]);
      const createdAt = new Date(
        now.getTime() - random.int(0, 3 * 365 * 24) * HOUR - random.int(0, 3599) * 1000,
      );
      const updatedAt = new Date(Math.min(now.getTime(), createdAt.getTime() + random.int(0, 200) * DAY));
      rows.push({
        name,
        email: random.chance(0.9) ? `ap@${slug}.example.com` : null,
        phone: random.chance(0.85)
          ? `(555) ${random.int(200, 999)}-${String(random.int(0, 9999)).padStart(4, '0')}`
          : null,
        website: random.chance(0.8) ? `https://www.${slug}.example.com` : null,
        address: `${random.int(10, 9800)} ${place.street}, ${place.city}, ${place.state} ${place.zip}`,
        description: random.chance(0.6) ? `${industry} client since ${createdAt.getUTCFullYear()}.` : null,
        industry: random.chance(0.95) ? industry : null,
        status,
        isActive: status === 'ACTIVE',
        ...quickBooksState(
          weighted<QbState>([
            ['none', 35],
            ['realm-only', 10],
            ['connected', 33],
            ['expired', 14],
            ['error', 5],
            ['revoked', 3],
          ]),
          random,
          now,
          options.qbTokenKey,
          true,
        ),
        managerId: maybe(managerIds, 0.7),
        processorId: maybe(staffIds, 0.6),
        approverId: maybe(staffIds, 0.6),
        accountantId: maybe(staffIds, 0.5),
        createdAt,
        updatedAt,
      });
    }
    await db.insert(companies).values(rows);
    done += batch;
    options.onProgress?.(done);
  }
  await analyze(db);
}

// ---- helpers --------------------------------------------------------------------------------

/**
 * The QuickBooks states of the company card plus two failure cases: tokens this server
 * cannot decrypt ('unreadable': the card's "Unable to check") and a refresh token the token
 * endpoint answers invalid_grant for ('revoked': the local mock server rejects `revoked-…`).
 */
export type QbState = 'none' | 'realm-only' | 'expired' | 'connected' | 'error' | 'unreadable' | 'revoked';

/** The demo companies cycle through these by index: company i has DEMO_QB_STATES[i % 7]. */
export const DEMO_QB_STATES: readonly QbState[] = [
  'connected',
  'none',
  'expired',
  'realm-only',
  'error',
  'unreadable',
  'revoked',
];

/** Not the configured QB_TOKEN_KEY: tokens sealed with it cannot be read ('unreadable' state). */
const FOREIGN_KEY = createHash('sha256').update('not the QB_TOKEN_KEY of this server').digest();

const cachedTokens = new Map<string, { access: string; refresh: string }>();

/** Columns of one QuickBooks state. */
function quickBooksState(state: QbState, random: Random, now: Date, key: Buffer, reuseTokens = false) {
  const realm = `${random.int(1_000_000, 9_999_999)}${random.int(100_000_000, 999_999_999)}`;
  const tokens = (kind: 'demo' | 'revoked' | 'unreadable') => {
    // Encrypting per row would dominate a bulk run: bulk rows share one pair per kind.
    let pair = reuseTokens ? cachedTokens.get(`${kind}:${key.toString('hex')}`) : undefined;
    if (!pair) {
      const sealKey = kind === 'unreadable' ? FOREIGN_KEY : key;
      const refreshPrefix = kind === 'revoked' ? REVOKED_TOKEN_PREFIX : '';
      pair = {
        access: encryptSecret(`demo-access-${realm}`, sealKey),
        refresh: encryptSecret(`${refreshPrefix}demo-refresh-${realm}`, sealKey),
      };
      if (reuseTokens) cachedTokens.set(`${kind}:${key.toString('hex')}`, pair);
    }
    return { qbAccessTokenEnc: pair.access, qbRefreshTokenEnc: pair.refresh };
  };
  const none = {
    qbConnectionStatus: null as QbConnectionStatus | null,
    qbRealmId: null as string | null,
    qbLastRefresh: null as Date | null,
    qbAccessTokenEnc: null as string | null,
    qbRefreshTokenEnc: null as string | null,
    qbTokenExpiresAt: null as Date | null,
  };
  const live = (kind: 'demo' | 'revoked' | 'unreadable') => {
    const refreshed = new Date(now.getTime() - random.int(5, 15) * 60_000);
    return {
      ...tokens(kind),
      qbConnectionStatus: 'connected' as const,
      qbRealmId: realm,
      qbLastRefresh: refreshed,
      // Intuit access tokens live one hour: refreshed 5 to 15 minutes ago, so ~50 minutes left.
      qbTokenExpiresAt: new Date(refreshed.getTime() + HOUR),
    };
  };
  switch (state) {
    case 'none':
      return none;
    case 'realm-only':
      return { ...none, qbConnectionStatus: 'disconnected' as const, qbRealmId: realm };
    case 'expired': {
      const refreshed = new Date(now.getTime() - random.int(2, 72) * HOUR);
      return {
        ...tokens('demo'),
        qbConnectionStatus: 'connected' as const,
        qbRealmId: realm,
        qbLastRefresh: refreshed,
        qbTokenExpiresAt: new Date(refreshed.getTime() + HOUR),
      };
    }
    case 'connected':
      return live('demo');
    case 'unreadable':
      return live('unreadable');
    case 'revoked':
      return live('revoked');
    case 'error': {
      const refreshed = new Date(now.getTime() - random.int(3, 20) * DAY);
      return {
        ...tokens('demo'),
        qbConnectionStatus: 'error' as const,
        qbRealmId: realm,
        qbLastRefresh: refreshed,
        qbTokenExpiresAt: new Date(refreshed.getTime() + HOUR),
      };
    }
  }
}

function companyContact(random: Random, base: (typeof COMPANIES)[number], round: number) {
  const place = random.pick(PLACES);
  const suffix = round > 0 ? ` ${round + 1}` : '';
  const domain = round > 0 ? base.domain.replace('.', `${round + 1}.`) : base.domain;
  return {
    name: `${base.name}${suffix}`,
    email: `ap@${domain}`,
    phone: `(555) ${random.int(200, 999)}-${String(random.int(0, 9999)).padStart(4, '0')}`,
    website: `https://www.${domain}`,
    address: `${random.int(10, 9800)} ${place.street}, ${place.city}, ${place.state} ${place.zip}`,
    description: base.description,
    industry: base.industry,
  };
}

/** Every status, most of them PENDING/APPROVED like a live queue; shuffled deterministically. */
function planStatuses(total: number): ApprovalStatus[] {
  const weights: Record<ApprovalStatus, number> = {
    PENDING: 30,
    APPROVED: 20,
    REJECTED: 13,
    EXPIRED: 10,
    NACHA_GENERATED: 8,
    NACHA_PENDING: 7,
    BANK_UPLOADED: 5,
    PAYMENT_COMPLETED: 7,
  };
  const plan: ApprovalStatus[] = [];
  // Each status at least once, then by weight.
  for (const status of APPROVAL_STATUSES) if (plan.length < total) plan.push(status);
  const sum = Object.values(weights).reduce((a, b) => a + b, 0);
  for (const status of APPROVAL_STATUSES) {
    const wanted = Math.round((weights[status] / sum) * total) - 1;
    for (let n = 0; n < wanted && plan.length < total; n += 1) plan.push(status);
  }
  while (plan.length < total) plan.push('PENDING');
  const shuffle = createRandom(7);
  for (let i = plan.length - 1; i > 0; i -= 1) {
    const j = Math.floor(shuffle.next() * (i + 1));
    [plan[i], plan[j]] = [plan[j]!, plan[i]!];
  }
  return plan;
}

function pickPriority(random: Random): ApprovalPriority {
  const roll = random.next();
  return roll < 0.1
    ? 'URGENT'
    : roll < 0.35
      ? 'HIGH'
      : roll < 0.8
        ? 'MEDIUM'
        : (APPROVAL_PRIORITIES[3] as ApprovalPriority);
}

/**
 * The failure example: the first seeded APPROVED approval with an approved bill whose (company,
 * vendor) pair no file-bound approval needs, so removing that one vendor account fails only it.
 */
function pickBankFileFailure(
  seeds: Array<typeof approvals.$inferInsert>,
  plan: PlannedBankFile[],
): { approvalId: string; approverId: number; companyId: number; vendorRef: string } | null {
  const planned = new Set(plan.map((item) => item.approvalId));
  const needed = new Set<string>();
  for (const seed of seeds) {
    if (!planned.has(seed.id!) && seed.status !== 'NACHA_PENDING') continue;
    for (const bill of seed.approvedBills ?? []) needed.add(`${seed.companyId}:${bill.VendorRef?.value}`);
  }
  for (const seed of seeds) {
    if (seed.status !== 'APPROVED' || planned.has(seed.id!) || !seed.approvedById) continue;
    const bill = (seed.approvedBills ?? []).find(
      (candidate) => !needed.has(`${seed.companyId}:${candidate.VendorRef?.value}`),
    );
    const vendorRef = bill?.VendorRef?.value;
    if (!vendorRef) continue;
    return {
      approvalId: seed.id!,
      approverId: seed.approvedById,
      companyId: seed.companyId,
      vendorRef,
    };
  }
  return null;
}

/** A routing number with a valid ABA check digit (Federal Reserve district 01–12 prefixes). */
export function randomRoutingNumber(random: Random): string {
  const first8 = `0${random.int(1, 9)}${String(random.int(0, 999_999)).padStart(6, '0')}`;
  return `${first8}${routingCheckDigit(first8)}`;
}

/** What a bank file may carry: upper-case letters, digits and spaces, cut to the field. */
const bankName = (text: string, max: number) =>
  text
    .toUpperCase()
    .replace(/[^A-Z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trim();

const DEMO_BANKS = ['FIRST EXAMPLE BANK', 'PACIFIC DEMO BANK NA', 'HARBOR TRUST CO'];

/** Originator settings; every third company keeps a settlement account (balanced files). */
export function paymentSettingsFor(
  company: { id: number; name: string },
  index: number,
  random: Random,
  key: Buffer,
): typeof companyPaymentSettings.$inferInsert {
  const settlement = index % 3 === 0 ? String(random.int(100_000_000, 999_999_999)) : null;
  return {
    companyId: company.id,
    odfiRoutingNumber: randomRoutingNumber(random),
    odfiName: DEMO_BANKS[index % DEMO_BANKS.length]!,
    companyIdentification: `1${String(random.int(100_000_000, 999_999_999))}`,
    achCompanyName: bankName(company.name, ACH_COMPANY_NAME_MAX) || 'DEMO COMPANY',
    entryDescription: DEFAULT_ENTRY_DESCRIPTION,
    originName: bankName(company.name, ACH_BANK_NAME_MAX) || 'DEMO COMPANY',
    settlementAccountEnc: settlement ? encryptSecret(settlement, key) : null,
    settlementAccountLast4: settlement ? settlement.slice(-4) : null,
    settlementAccountType: settlement ? 'checking' : null,
    // Demo accounts were entered and confirmed long ago (dual control), so files pay them today.
    ...(settlement
      ? { settlementVersion: 1, settlementChangedAt: SEEDED_ACCOUNTS_AT, settlementConfirmedAt: SEEDED_ACCOUNTS_AT }
      : {}),
  };
}

/** A QuickBooks-shaped bill whose line amounts add up to TotalAmt (computed in cents). */
function makeBill(random: Random, number: number, createdAt: Date): Bill {
  const vendor = random.pick(VENDORS);
  const place = random.pick(PLACES);
  const lines = Array.from({ length: random.int(1, 4) }, (_, index) => {
    const item = random.pick(ITEMS);
    const qty = random.int(1, 12);
    const unitCents = random.int(item.min, item.max);
    return {
      Id: String(index + 1),
      Description: `${item.name} - ${vendor.name}`,
      Amount: (qty * unitCents) / 100,
      ItemBasedExpenseLineDetail: {
        Qty: qty,
        ItemRef: { name: item.name, value: String(ITEMS.indexOf(item) + 1) },
      },
      cents: qty * unitCents,
    };
  });
  const totalCents = lines.reduce((sum, line) => sum + line.cents, 0);
  const due = new Date(createdAt.getTime() + random.int(10, 45) * DAY);
  return {
    Id: String(number),
    TotalAmt: totalCents / 100,
    DocNumber: `INV-${String(number * 7 + 10_000)}`,
    DueDate: due.toISOString().slice(0, 10),
    VendorRef: { name: vendor.name, value: String(VENDORS.indexOf(vendor) + 1) },
    VendorInfo: { CompanyName: vendor.name, Email: vendor.email, Phone: vendor.phone },
    VendorAddr: {
      Line1: `${random.int(100, 9999)} ${place.street}`,
      City: place.city,
      CountrySubDivisionCode: place.state,
      PostalCode: place.zip,
    },
    Line: lines.map(({ cents: _cents, ...line }) => line),
  };
}

/**
 * `count` generated users in batches of 1000 (benchmarks: `pnpm seed --users 100000`): every role
 * (mostly USER), about one in eight inactive, created over three years, about 40% signed in during
 * the last 60 days and the rest never, so the overview's counts and the list's sorts mean something.
 * All share one password hash (hashing 100k passwords would take hours and prove nothing).
 */
export async function seedBulkUsers(
  db: Db,
  count: number,
  options: { passwordHash: string; now?: Date; onProgress?: (done: number) => void },
): Promise<void> {
  const now = options.now ?? new Date();
  const random = createRandom((now.getTime() % 2_147_483_647) + 7);
  const [existing] = await db.select({ count: sql<number>`count(*)`.mapWith(Number) }).from(users);
  const offset = existing?.count ?? 0;
  const roles: Role[] = [
    'USER',
    'USER',
    'USER',
    'USER',
    'USER',
    'USER',
    'GUEST',
    'GUEST',
    'MODERATOR',
    'ADMIN',
  ];
  for (let done = 0; done < count;) {
    const batch = Math.min(1000, count - done);
    const rows: Array<typeof users.$inferInsert> = [];
    for (let i = 0; i < batch; i += 1) {
      const n = offset + done + i + 1;
      const firstName = random.pick(FIRST_NAMES);
      const lastName = random.pick(LAST_NAMES);
      const createdAt = new Date(now.getTime() - random.int(0, 3 * 365) * DAY - random.int(0, 23) * HOUR);
      rows.push({
        email: `${firstName}.${lastName}.${n}@bulk.example.com`.toLowerCase(),
        passwordHash: options.passwordHash,
        firstName: random.chance(0.05) ? null : firstName,
        lastName: random.chance(0.05) ? null : lastName,
        role: random.pick(roles),
        isActive: !random.chance(0.125),
        createdAt,
        updatedAt: createdAt,
        lastLoginAt: random.chance(0.4) ? new Date(now.getTime() - random.int(1, 60 * 24) * HOUR) : null,
      });
    }
    await db.insert(users).values(rows);
    done += batch;
    options.onProgress?.(done);
  }
  await analyze(db);
}
