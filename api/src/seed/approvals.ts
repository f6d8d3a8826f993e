import {
  APPROVAL_PRIORITIES,
  APPROVAL_STATUSES,
  type ApprovalPriority,
  type ApprovalStatus,
  type Bill,
} from 'shared-contracts';
import type { Db } from '../db/client';
import { approvals, type activity, type CompanyRow, type ManagerRow, type UserRow } from '../db/schema';
import { keyUnkeyedBills } from '../modules/bills/duplicate-bills';
import { ITEMS, PLACES, REJECTION_REASONS, VENDORS } from './data';
import { createRandom, DAY, fullName, HOUR, insertChunked, type Random, type SeedContext } from './random';

export type ApprovalSeed = typeof approvals.$inferInsert;
export type ActivitySeed = typeof activity.$inferInsert;

/** An approval the seed approved, and how far its bank file should get. */
export interface PlannedBankFile {
  approvalId: string;
  approver: UserRow;
  admin: UserRow;
  target: 'NACHA_GENERATED' | 'BANK_UPLOADED' | 'PAYMENT_COMPLETED' | 'FAILED';
}

/** Who and what the demo approvals are drawn from. */
export interface ApprovalPeople {
  admin: UserRow;
  /** Active, not GUEST: they decide. */
  staff: UserRow[];
  /** Not GUEST: they submit. */
  creators: UserRow[];
  /** The active demo sign-ins that may submit. */
  demoCreators: UserRow[];
  companyRows: CompanyRow[];
  managerRows: ManagerRow[];
}

export interface SeededApprovals {
  approvalSeeds: ApprovalSeed[];
  /** Their history rows; the caller adds the rest and inserts them all in time order. */
  activitySeeds: ActivitySeed[];
  bankFilePlan: PlannedBankFile[];
}

/**
 * `count` approvals in every status. Those past NACHA_PENDING are inserted APPROVED and planned
 * for the real bank-file generator, which runs once the data has committed.
 */
export async function seedDemoApprovals(
  tx: Db,
  count: number,
  people: ApprovalPeople,
  context: SeedContext,
): Promise<SeededApprovals> {
  const statusPlan = planStatuses(count);
  const seeded: SeededApprovals = { approvalSeeds: [], activitySeeds: [], bankFilePlan: [] };
  const bills = { number: 1000 };
  for (let i = 0; i < count; i += 1) {
    const status = statusPlan[i]!;
    const { seed, creator, approver, decidedAt } = submitted(i, status, people, bills, context);
    seeded.activitySeeds.push({
      userId: creator.id,
      userName: fullName(creator),
      action: 'approval.create',
      entityType: 'approval',
      entityId: seed.id,
      description: `${fullName(creator)} submitted approval ${seed.id!.slice(0, 8)} for ${seed.companyName}`,
      details: {
        companyId: seed.companyId,
        totalBills: seed.totalBills,
        totalAmount: seed.totalAmountCents! / 100,
      },
      createdAt: seed.createdAt,
    });
    decide(seed, status, { approver, decidedAt, admin: people.admin }, seeded, context.random);
    seeded.approvalSeeds.push(seed);
  }
  await insertChunked(seeded.approvalSeeds, 200, (chunk) => tx.insert(approvals).values(chunk));
  // The duplicate-bill check reads keys, not bills: the seeded bills get theirs too.
  await keyUnkeyedBills(tx);
  return seeded;
}

const APPROVED_STATUSES: string[] = [
  'APPROVED',
  'NACHA_GENERATED',
  'NACHA_PENDING',
  'BANK_UPLOADED',
  'PAYMENT_COMPLETED',
];

/** Approval number `i` as submitted, with the approved bills and who will decide it and when. */
function submitted(
  i: number,
  status: ApprovalStatus,
  people: ApprovalPeople,
  bills: { number: number },
  { random, now, ago }: SeedContext,
) {
  const { managerRows, staff } = people;
  const priority = pickPriority(random);
  const company = random.pick(people.companyRows);
  const manager =
    managerRows.find((m) => m.id === company.managerId) ??
    (managerRows.length ? random.pick(managerRows) : undefined);
  // Every fifth approval is created by a demo account (admin, moderator, user in turn), so
  // segregation of duties can be tried with the demo sign-ins.
  const creator =
    i % 5 === 0 ? people.demoCreators[(i / 5) % people.demoCreators.length]! : random.pick(people.creators);
  const createdAt =
    status === 'PENDING'
      ? ago(random.int(1, 20 * 24) * HOUR)
      : status === 'EXPIRED'
        ? ago(random.int(35, 170) * DAY)
        : ago(random.int(2, 150) * DAY + random.int(0, 23) * HOUR);
  const billList = Array.from({ length: random.int(1, 5) }, () =>
    makeBill(random, (bills.number += 1), createdAt),
  );
  const id = random.uuid();
  const totalCents = billList.reduce((sum, bill) => sum + Math.round(bill.TotalAmt * 100), 0);
  // Segregation of duties holds in the demo data too: the decider is never the creator.
  const approver = random.pick(staff.filter((u) => u.id !== creator.id));
  const decidedAt = new Date(Math.min(now.getTime() - HOUR, createdAt.getTime() + random.int(2, 72) * HOUR));
  const approved = APPROVED_STATUSES.includes(status);
  const approvedBills = approved ? billList.filter((_, index) => index === 0 || random.chance(0.75)) : null;
  const recipients = [manager?.email, random.pick(staff).email].filter((email): email is string =>
    Boolean(email),
  );
  const seed: ApprovalSeed = {
    id,
    companyId: company.id,
    status,
    priority,
    bills: billList,
    approvedBills,
    billIds: billList.map((bill) => bill.Id),
    approvedBillIds: approvedBills?.map((bill) => bill.Id) ?? [],
    totalBills: billList.length,
    processedBills: approvedBills?.length ?? 0,
    totalAmountCents: totalCents,
    approvedAmountCents: approvedBills?.reduce((sum, bill) => sum + Math.round(bill.TotalAmt * 100), 0) ?? 0,
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
  return { seed, creator, approver, decidedAt };
}

/** The decision of a decided approval, its history row, and its place in the bank-file plan. */
function decide(
  seed: ApprovalSeed,
  status: ApprovalStatus,
  decision: { approver: UserRow; decidedAt: Date; admin: UserRow },
  seeded: SeededApprovals,
  random: Random,
): void {
  const { approver, decidedAt } = decision;
  const id = seed.id!;
  if (APPROVED_STATUSES.includes(status)) {
    Object.assign(seed, {
      approvedById: approver.id,
      approvedBy: fullName(approver),
      approvalDate: decidedAt,
    });
    seeded.activitySeeds.push({
      userId: approver.id,
      userName: fullName(approver),
      action: 'approval.approve',
      entityType: 'approval',
      entityId: id,
      description: `${fullName(approver)} approved approval ${id.slice(0, 8)} for ${seed.companyName}`,
      details: { approvedBills: seed.approvedBills?.length ?? 0 },
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
    seeded.activitySeeds.push({
      userId: approver.id,
      userName: fullName(approver),
      action: 'approval.reject',
      entityType: 'approval',
      entityId: id,
      description: `${fullName(approver)} rejected approval ${id.slice(0, 8)} for ${seed.companyName}`,
      details: { reason },
      createdAt: decidedAt,
    });
  }
  if (status === 'NACHA_PENDING') {
    // A generation cut off mid-way (the API's first step committed, the second never ran): no
    // file yet, and 'Generate NACHA file' retries it.
    Object.assign(seed, { nachaProcessingStatus: 'PENDING', updatedAt: decidedAt });
  } else if (status === 'NACHA_GENERATED' || status === 'BANK_UPLOADED' || status === 'PAYMENT_COMPLETED') {
    // Seeded APPROVED; the real generator writes the file once the data has committed.
    seed.status = 'APPROVED';
    seeded.bankFilePlan.push({ approvalId: id, approver, admin: decision.admin, target: status });
  }
}

/**
 * Every status a seed can reach through the product, most of them PENDING/APPROVED like a live
 * queue; shuffled deterministically. A returned payment needs a return file from the bank, so the
 * returned statuses are not seeded.
 */
type SeededStatus = Exclude<ApprovalStatus, 'PAYMENT_PARTLY_RETURNED' | 'PAYMENT_RETURNED'>;
const SEEDED_STATUSES = APPROVAL_STATUSES.filter(
  (status): status is SeededStatus => status !== 'PAYMENT_PARTLY_RETURNED' && status !== 'PAYMENT_RETURNED',
);

function planStatuses(total: number): ApprovalStatus[] {
  const weights: Record<SeededStatus, number> = {
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
  for (const status of SEEDED_STATUSES) if (plan.length < total) plan.push(status);
  const sum = Object.values(weights).reduce((a, b) => a + b, 0);
  for (const status of SEEDED_STATUSES) {
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
