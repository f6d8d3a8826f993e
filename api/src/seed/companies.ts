import { createHash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { INDUSTRIES, type CompanyStatus, type QbConnectionStatus } from 'shared-contracts';
import type { Db } from '../db/client';
import { companies, managers, users, type CompanyRow, type ManagerRow, type UserRow } from '../db/schema';
import { encryptSecret } from '../security/token-cipher';
import { COMPANIES, LOWERCASE_BRANDS, NAME_CORES, NAME_PREFIXES, NAME_SUFFIXES, PLACES } from './data';
import { createRandom, DAY, HOUR, insertGenerated, type Random, type SeedContext } from './random';

/**
 * The QuickBooks states of the company card plus two failure cases: tokens this server cannot
 * decrypt ('unreadable': the card's "Unable to check") and a refresh token the token endpoint
 * answers invalid_grant for ('revoked': the local mock server rejects `revoked-…`).
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

/**
 * The start of a refresh token QuickBooks refuses ('revoked' state): the demo's emulator answers
 * invalid_grant for any refresh token beginning so (its REVOKED_TOKEN_PREFIX; demo.test.ts checks the two agree).
 */
export const REVOKED_TOKEN_PREFIX = 'revoked-';

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
  // Intuit access tokens live one hour from their last refresh.
  const refreshedAt = (
    refreshed: Date,
    qbConnectionStatus: 'connected' | 'error',
    kind: 'demo' | 'revoked' | 'unreadable' = 'demo',
  ) => ({
    ...tokens(kind),
    qbConnectionStatus,
    qbRealmId: realm,
    qbLastRefresh: refreshed,
    qbTokenExpiresAt: new Date(refreshed.getTime() + HOUR),
  });
  // Refreshed 5 to 15 minutes ago, so about 50 minutes left.
  const live = (kind: 'demo' | 'revoked' | 'unreadable') =>
    refreshedAt(new Date(now.getTime() - random.int(5, 15) * 60_000), 'connected', kind);
  switch (state) {
    case 'none':
      return none;
    case 'realm-only':
      return { ...none, qbConnectionStatus: 'disconnected' as const, qbRealmId: realm };
    case 'expired':
      return refreshedAt(new Date(now.getTime() - random.int(2, 72) * HOUR), 'connected');
    case 'connected':
      return live('demo');
    case 'unreadable':
      return live('unreadable');
    case 'revoked':
      return live('revoked');
    case 'error':
      return refreshedAt(new Date(now.getTime() - random.int(3, 20) * DAY), 'error');
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

/**
 * `count` companies from the list of demo clients (numbered after the first round), every
 * QuickBooks card state in DEMO_QB_STATES order by index, assigned to managers and active staff.
 */
export async function seedDemoCompanies(
  tx: Db,
  count: number,
  people: { managerRows: ManagerRow[]; staff: UserRow[] },
  qbTokenKey: Buffer,
  { random, now, ago }: SeedContext,
): Promise<CompanyRow[]> {
  const { managerRows, staff } = people;
  const companySeeds: Array<typeof companies.$inferInsert> = [];
  for (let i = 0; i < count; i += 1) {
    const base = COMPANIES[i % COMPANIES.length]!;
    const round = Math.floor(i / COMPANIES.length);
    const status: CompanyStatus = i % 5 === 3 ? 'INACTIVE' : i % 7 === 6 ? 'SUSPENDED' : 'ACTIVE';
    const createdAt = ago(random.int(10, 700) * DAY);
    companySeeds.push({
      ...companyContact(random, base, round),
      status,
      isActive: status === 'ACTIVE',
      ...quickBooksState(DEMO_QB_STATES[i % DEMO_QB_STATES.length]!, random, now, qbTokenKey),
      managerId: managerRows.length && random.chance(0.8) ? random.pick(managerRows).id : null,
      processorId: random.chance(0.7) ? random.pick(staff).id : null,
      approverId: random.chance(0.7) ? random.pick(staff).id : null,
      accountantId: random.chance(0.6) ? random.pick(staff).id : null,
      createdAt,
      updatedAt: new Date(Math.min(now.getTime(), createdAt.getTime() + random.int(0, 60) * DAY)),
    });
  }
  return tx.insert(companies).values(companySeeds).returning();
}

/** What every bulk company is drawn from. */
interface BulkCompanyContext {
  random: Random;
  now: Date;
  qbTokenKey: Buffer;
  managerIds: number[];
  staffIds: number[];
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
  const managerIds = (await db.select({ id: managers.id }).from(managers)).map((row) => row.id);
  const staffIds = (
    await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.isActive, true), inArray(users.role, ['ADMIN', 'MODERATOR', 'USER'])))
  ).map((row) => row.id);
  const context: BulkCompanyContext = { random, now, qbTokenKey: options.qbTokenKey, managerIds, staffIds };
  await insertGenerated(
    db,
    companies,
    count,
    (n) => bulkCompany(context, n),
    (rows) => db.insert(companies).values(rows),
    options.onProgress,
  );
}

/** Generated company number `n`. */
function bulkCompany(context: BulkCompanyContext, n: number): typeof companies.$inferInsert {
  const { random, now } = context;
  const maybe = (ids: number[], probability: number) =>
    ids.length && random.chance(probability) ? random.pick(ids) : null;
  const weighted = <T>(entries: ReadonlyArray<readonly [T, number]>): T => {
    let roll = random.next() * entries.reduce((sum, [, weight]) => sum + weight, 0);
    for (const [value, weight] of entries) if ((roll -= weight) < 0) return value;
    return entries[entries.length - 1]![0];
  };
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
  const createdAt = new Date(now.getTime() - random.int(0, 3 * 365 * 24) * HOUR - random.int(0, 3599) * 1000);
  const updatedAt = new Date(Math.min(now.getTime(), createdAt.getTime() + random.int(0, 200) * DAY));
  return {
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
      context.qbTokenKey,
      true,
    ),
    managerId: maybe(context.managerIds, 0.7),
    processorId: maybe(context.staffIds, 0.6),
    approverId: maybe(context.staffIds, 0.6),
    accountantId: maybe(context.staffIds, 0.5),
    createdAt,
    updatedAt,
  };
}
