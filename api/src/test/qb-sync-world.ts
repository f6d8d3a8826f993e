/**
 * The QuickBooks sync tests' world: a test app with its QuickBooks pointed at an in-process
 * emulator, the MODERATOR who connects companies, and the helpers the sync test files share.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { startQboEmulator, type QboEmulator } from 'qbo-emulator';
import { afterAll, beforeAll } from 'vitest';
import type { AppConfig } from '../config';
import { approvals } from '../db/schema';
import type { QbSyncDeps } from '../modules/quickbooks/qb-sync.service';
import { build, type TestContext } from './build';
import { connectedCompany as connectCompany, emulatorConfig, TEST_REDIRECT_URI } from './qbo-emulator';

/** A 2,500-bill import writes about a hundred approvals: seconds alone, far more on a busy machine. */
export const IMPORT_TIMEOUT_MS = 90_000;

const CREDENTIALS = { clientId: 'sync-client', clientSecret: 'sync-secret' };

export interface QbSyncWorld {
  t: TestContext;
  emulator: QboEmulator;
  /** The MODERATOR's access token (who connects companies). */
  moderator: string;
  /** A new company connected, through the real connect flow, to a new realm of `bills` bills. */
  connectedCompany(bills: number): Promise<{ id: number; realmId: string }>;
  /** The QuickBooks bill ids the company's imported approvals hold. */
  importedIds(companyId: number): Promise<string[]>;
  /** The realm's bills with something left to pay. */
  unpaidIds(realmId: string): string[];
}

/**
 * The world of a sync test file: the emulator and the test app (with `config` besides QuickBooks')
 * are started before its tests and closed after them; its fields are there from then on.
 */
export function useQbSyncWorld(config: Partial<AppConfig> = {}): QbSyncWorld {
  let companies = 0;
  const world = {
    connectedCompany: (bills: number) => {
      companies += 1;
      return connectCompany(world.t, world.emulator, world.moderator, `QuickBooks Sync ${companies}`, bills);
    },
    importedIds: async (companyId: number) => {
      const rows = await world.t.database.db
        .select({ billIds: approvals.billIds })
        .from(approvals)
        .where(and(eq(approvals.companyId, companyId), eq(approvals.origin, 'QUICKBOOKS')));
      return rows.flatMap((row) => row.billIds);
    },
    unpaidIds: (realmId: string) =>
      world.emulator
        .realm(realmId)
        .bills.filter((bill) => bill.Balance > 0)
        .map((bill) => bill.Id),
  } as QbSyncWorld;
  beforeAll(async () => {
    world.emulator = await startQboEmulator({ ...CREDENTIALS, redirectUris: [TEST_REDIRECT_URI] });
    world.t = await build({
      config: { ...config, quickBooks: emulatorConfig(world.emulator, CREDENTIALS, 5_000) },
    });
    world.moderator = (await world.t.login('moderator@example.com')).tokens.accessToken;
  });
  afterAll(async () => {
    await world.t?.close();
    await world.emulator?.close();
  });
  return world;
}

/** The app's services with other sync settings (page size, back-off) for one test. */
export function syncDeps(
  app: FastifyInstance,
  sync: Partial<AppConfig['qbSync']> = {},
  log: FastifyBaseLogger = app.log,
): QbSyncDeps {
  return {
    db: app.db,
    config: { ...app.config, qbSync: { ...app.config.qbSync, backoffMs: 10, ...sync } },
    passwords: app.passwords,
    log,
    qbLimiter: app.qbLimiter,
  };
}

export const sorted = (ids: string[]) => [...ids].sort((a, b) => Number(a) - Number(b));
