/**
 * Each realm's generated vendors and bills and its change data capture; its bill payments are in
 * bill-payments.ts. The data is generated from the realm id, so every run (and every test) sees
 * the same vendors and bills; the query language over it is query.ts.
 */

export interface Vendor {
  Id: string;
  SyncToken: string;
  DisplayName: string;
  CompanyName: string;
  Active: boolean;
  Balance: number;
  MetaData: { CreateTime: string; LastUpdatedTime: string };
}

export interface BillLine {
  Id: string;
  LineNum: number;
  Description: string;
  Amount: number;
  DetailType: 'AccountBasedExpenseLineDetail';
  AccountBasedExpenseLineDetail: { AccountRef: { value: string; name: string } };
}

export interface Bill {
  Id: string;
  SyncToken: string;
  DocNumber: string;
  TxnDate: string;
  DueDate: string;
  VendorRef: { value: string; name: string };
  Line: BillLine[];
  TotalAmt: number;
  Balance: number;
  CurrencyRef: { value: 'USD'; name: 'United States Dollar' };
  MetaData: { CreateTime: string; LastUpdatedTime: string };
}

/** What CDC answers for an entity deleted since: its id and when (Intuit's `status: 'Deleted'`). */
export interface DeletedEntity {
  entity: 'Vendor' | 'Bill';
  Id: string;
  /** Epoch milliseconds of the deletion. */
  at: number;
}

/** An account of the chart of accounts that payments come from (AccountType 'Bank'). */
export interface BankAccount {
  Id: string;
  Name: string;
  AccountType: 'Bank';
  AccountSubType: 'Checking' | 'Savings';
  Active: boolean;
}

/** A bill payment by check from a bank account, as Intuit answers it. */
export interface BillPayment {
  Id: string;
  SyncToken: string;
  VendorRef: { value: string; name: string };
  PayType: 'Check';
  CheckPayment: { BankAccountRef: { value: string; name: string }; PrintStatus: 'NotSet' };
  TotalAmt: number;
  TxnDate: string;
  DocNumber?: string;
  PrivateNote?: string;
  Line: Array<{ Amount: number; LinkedTxn: Array<{ TxnId: string; TxnType: 'Bill' }> }>;
  CurrencyRef: { value: 'USD'; name: 'United States Dollar' };
  MetaData: { CreateTime: string; LastUpdatedTime: string };
}

export interface RealmData {
  vendors: Vendor[];
  bills: Bill[];
  deleted: DeletedEntity[];
  /** The realm's bank accounts (every realm has the same two). */
  bankAccounts: BankAccount[];
  billPayments: BillPayment[];
  /** BillPayment ids issued so far: a deleted payment's id is never given to another. */
  billPaymentIds: number;
}

/** The bank accounts every realm has: a checking account (Id 35) and a savings account (Id 36). */
export const BANK_ACCOUNTS: readonly BankAccount[] = [
  { Id: '35', Name: 'Checking', AccountType: 'Bank', AccountSubType: 'Checking', Active: true },
  { Id: '36', Name: 'Savings', AccountType: 'Bank', AccountSubType: 'Savings', Active: true },
];

/** How much a realm holds; the default is the demo size. */
export interface RealmSize {
  bills?: number;
  vendors?: number;
}

/** Intuit's largest page. */
export const MAX_RESULTS = 1000;
const DEFAULT_VENDORS = 24;
const DEFAULT_BILLS = 300;
/** Intuit's CDC answers changes of the last 30 days only. */
export const CDC_WINDOW_DAYS = 30;
const DAY_MS = 86_400_000;

const VENDOR_NAMES = [
  'Acme Office Supply',
  'Blue Ridge Utilities',
  'Cedar Logistics',
  'Delta Janitorial',
  'Evergreen Landscaping',
  'Falcon IT Services',
  'Granite Legal LLP',
  'Harbor Insurance',
  'Iron Gate Security',
  'Juniper Catering',
  'Keystone Printing',
  'Lakeside Telecom',
];
const ACCOUNTS = [
  { value: '7', name: 'Office Expenses' },
  { value: '13', name: 'Utilities' },
  { value: '21', name: 'Professional Fees' },
  { value: '29', name: 'Repairs and Maintenance' },
];

/** A small deterministic generator (mulberry32) seeded from the realm id. */
function generator(seed: string) {
  let state = [...seed].reduce(
    (hash, char) => Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0,
    2166136261,
  );
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)) };
}

/** 'YYYY-MM-DD' of epoch milliseconds. */
export const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** Intuit's MetaData time: seconds and a numeric offset, e.g. 2026-11-25T14:03:10-00:00. */
export const isoTime = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, '-00:00');
/** Epoch milliseconds of an Intuit time (any offset). */
export const parseTime = (text: string) => Date.parse(text);

/**
 * Vendors, then bills of 1 to 20 lines: due dates from 30 days ago to 60 days ahead of `now`
 * (so some are overdue), about one in six partly paid, one in ten fully paid, and every 50th
 * bill repeating the DocNumber of the bill before it for the same vendor.
 */
export function seedRealm(realmId: string, now: number, size: RealmSize = {}): RealmData {
  const random = generator(realmId);
  const vendorCount = size.vendors ?? DEFAULT_VENDORS;
  const billCount = size.bills ?? DEFAULT_BILLS;
  const created = now - 90 * DAY_MS;
  const vendors: Vendor[] = Array.from({ length: vendorCount }, (_, index) => {
    const base = VENDOR_NAMES[index % VENDOR_NAMES.length]!;
    const name =
      index < VENDOR_NAMES.length ? base : `${base} ${Math.floor(index / VENDOR_NAMES.length) + 1}`;
    const updated = created + random.int(0, 30) * DAY_MS;
    return {
      Id: String(index + 1),
      SyncToken: '0',
      DisplayName: name,
      CompanyName: name,
      Active: true,
      Balance: 0,
      MetaData: { CreateTime: isoTime(created), LastUpdatedTime: isoTime(updated) },
    };
  });
  const bills: Bill[] = [];
  for (let index = 0; index < billCount; index += 1) {
    const duplicate = index > 0 && index % 50 === 0;
    const previous = bills[bills.length - 1];
    const vendor =
      duplicate && previous
        ? vendors[Number(previous.VendorRef.value) - 1]!
        : vendors[random.int(0, vendorCount - 1)]!;
    const lines: BillLine[] = Array.from({ length: random.int(1, 20) }, (_, line) => {
      const account = ACCOUNTS[random.int(0, ACCOUNTS.length - 1)]!;
      return {
        Id: String(line + 1),
        LineNum: line + 1,
        Description: `${account.name} ${line + 1}`,
        Amount: random.int(500, 250_000) / 100,
        DetailType: 'AccountBasedExpenseLineDetail',
        AccountBasedExpenseLineDetail: { AccountRef: account },
      };
    });
    const total = Math.round(lines.reduce((sum, line) => sum + line.Amount * 100, 0)) / 100;
    const roll = random.next();
    const balance = roll < 0.1 ? 0 : roll < 0.27 ? Math.round(total * 50) / 100 : total;
    const txn = now - random.int(5, 60) * DAY_MS;
    const updated = Math.min(now, txn + random.int(0, 4) * DAY_MS);
    bills.push({
      Id: String(1000 + index),
      SyncToken: '0',
      DocNumber:
        duplicate && previous ? previous.DocNumber : `INV-${String(random.int(1, 99_999)).padStart(5, '0')}`,
      TxnDate: isoDate(txn),
      DueDate: isoDate(now + random.int(-30, 60) * DAY_MS),
      VendorRef: { value: vendor.Id, name: vendor.DisplayName },
      Line: lines,
      TotalAmt: total,
      Balance: balance,
      CurrencyRef: { value: 'USD', name: 'United States Dollar' },
      MetaData: { CreateTime: isoTime(txn), LastUpdatedTime: isoTime(updated) },
    });
  }
  return {
    vendors,
    bills,
    deleted: [],
    bankAccounts: BANK_ACCOUNTS.map((account) => ({ ...account })),
    billPayments: [],
    billPaymentIds: 0,
  };
}

/**
 * The CDC answer (`GET /cdc?entities=…&changedSince=…`): for each entity asked, the entities
 * changed at or after `since` (at most 1000 each, as Intuit caps it) and those deleted since,
 * as `{Id, status: 'Deleted', MetaData}`. Shape: `{CDCResponse: [{QueryResponse: [{Bill: […],
 * startPosition, maxResults, totalCount}, {Vendor: […]}]}]}`.
 */
export function changedSince(
  data: RealmData,
  entities: Array<'Vendor' | 'Bill'>,
  since: number,
): Record<string, unknown> {
  const responses = entities.map((entity) => {
    const all: Array<Vendor | Bill> = entity === 'Vendor' ? data.vendors : data.bills;
    const changed: Array<Record<string, unknown>> = all.filter(
      (item) => parseTime(item.MetaData.LastUpdatedTime) >= since,
    ) as unknown as Array<Record<string, unknown>>;
    for (const gone of data.deleted) {
      if (gone.entity === entity && gone.at >= since) {
        changed.push({
          Id: gone.Id,
          status: 'Deleted',
          MetaData: { LastUpdatedTime: isoTime(gone.at) },
        });
      }
    }
    const page = changed.slice(0, MAX_RESULTS);
    return page.length === 0
      ? {}
      : { [entity]: page, startPosition: 1, maxResults: page.length, totalCount: page.length };
  });
  return { CDCResponse: [{ QueryResponse: responses }] };
}
