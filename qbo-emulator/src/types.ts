/** The emulator's public shapes: its options, the sandbox companies, and what tests can ask of it. */
import type { Bill, BillPayment, RealmData, RealmSize } from './accounting';
import type { ThrottleLimits } from './throttle';

export interface SandboxCompany {
  realmId: string;
  name: string;
}

/** The sandbox companies the consent page offers; realm ids are fixed so tests can name them. */
export const DEFAULT_COMPANIES: readonly SandboxCompany[] = [
  { realmId: '9341453050071001', name: 'Sandbox Company US 1' },
  { realmId: '9341453050071002', name: 'Sandbox Company US 2' },
  { realmId: '9341453050071003', name: 'Sandbox Company US 3' },
];

export type EmulatorBehaviour = 'ok' | 'error' | 'hang';

/** The newest minor version of the accounting API; older ones are served as it (as Intuit does since 75). */
export const LATEST_MINOR_VERSION = 75;

export interface QboEmulatorOptions {
  clientId: string;
  clientSecret: string;
  /**
   * The redirect URIs registered for the app, as in Intuit's developer settings: any other is
   * refused on the consent page as Intuit refuses it (an empty list accepts none).
   */
  redirectUris: readonly string[];
  companies?: readonly SandboxCompany[];
  /** Default 127.0.0.1 (loopback only). */
  host?: string;
  /** Default 0: a free port. */
  port?: number;
  /** Default INTUIT_LIMITS. */
  limits?: ThrottleLimits;
  /** Each accounting answer waits this long before it is sent (default 0). */
  latencyMs?: number;
  /** Where to POST change notifications, and the verifier token that signs them. */
  webhook?: WebhookTarget;
}

export interface WebhookTarget {
  url: string;
  verifierToken: string;
  /**
   * The payload's format: Intuit's CloudEvents batch (default, what Intuit sends today) or the
   * legacy `eventNotifications` object (what apps not yet migrated were sent).
   */
  format?: 'cloudevents' | 'legacy';
}

/** What the accounting API of one realm has seen (for tests and the benchmark). */
export interface RealmTraffic {
  /** Accounting requests answered (any status). */
  requests: number;
  /** Of which answered 429. */
  throttled: number;
  /** The most requests in flight at once. */
  peakConcurrent: number;
  /** The most requests that arrived within any one second (refused ones too). */
  peakPerSecond: number;
  /** When each of the last 1000 requests arrived and the status it got. */
  answers: Array<{ at: number; status: number }>;
}

export interface QboEmulator {
  /** Origin, e.g. http://127.0.0.1:41234 (QB_API_URL). */
  baseUrl: string;
  authorizeUrl: string;
  tokenUrl: string;
  revokeUrl: string;
  companies: readonly SandboxCompany[];
  /** 'error' answers the token endpoint with 500, 'hang' never answers it (timeout tests). */
  behaviour: EmulatorBehaviour;
  /** Token endpoint requests received (whatever the answer). */
  requests: number;
  /** Revoke requests received. */
  revocations: number;
  /** Answer invalid_grant for this refresh token from now on. */
  revoke(refreshToken: string): void;
  /** Let every access token issued so far expire (the API then answers 401). */
  expireAccessTokens(): void;
  /** The realm's generated vendors and bills (the same on every run). */
  realm(realmId: string): RealmData;
  /**
   * A new sandbox company offered on the consent page, with `size.bills` bills (e.g. 2,500 or
   * 10,000) generated like the others; answers its realm id.
   */
  createRealm(name: string, size: RealmSize): string;
  /** Changes a bill as a QuickBooks user would: SyncToken and LastUpdatedTime move on. */
  updateBill(realmId: string, billId: string, change: (bill: Bill) => void): Bill;
  /** Deletes a bill (CDC then reports it with status 'Deleted'). */
  deleteBill(realmId: string, billId: string): void;
  /** Accounting traffic per realm. */
  traffic(realmId: string): RealmTraffic;
  /** The bill payments the realm holds (created through `POST /billpayment`), oldest first. */
  billPayments(realmId: string): BillPayment[];
  /**
   * Where change notifications go (as an app's webhook endpoint in Intuit's developer settings);
   * null sends none. Each `updateBill` / `deleteBill` POSTs one, signed in `intuit-signature`.
   */
  webhook: WebhookTarget | null;
  /** The statuses the webhook endpoint answered, in order. */
  webhookDeliveries: number[];
  /** Resolves when every notification sent so far has been answered. */
  webhooksSettled(): Promise<void>;
  /** Answer the next `count` accounting requests of the realm with this status (500, 503, 429). */
  failNext(realmId: string, count: number, status: number): void;
  limits: ThrottleLimits;
  close(): Promise<void>;
}
