import * as v from 'valibot';
import { IsoDateTimeSchema } from './common';
import type { ApprovalStatus } from './statuses';

// The payments board (GET /api/bill-approval/payments-board) and the dashboard's "Your work" card
// (the `yourWork` part of GET /api/dashboard/stats): what waits on the way from a decision to the
// money at the vendor, and what waits for the person.

/** The board's columns, in the order a payment goes through them. */
export const PAYMENTS_BOARD_STATUSES = [
  'APPROVED',
  'NACHA_GENERATED',
  'BANK_UPLOADED',
  'PAYMENT_COMPLETED',
] as const satisfies readonly ApprovalStatus[];
export type PaymentsBoardStatus = (typeof PAYMENTS_BOARD_STATUSES)[number];

/** Approvals listed per column; the rest is 'N more', the approvals list filtered by the status. */
export const PAYMENTS_BOARD_SHOWN = 5;
/**
 * The Paid column counts the payments completed in the last this many days: paid approvals only
 * pile up, and the board is about what moves now (the list filtered by status has them all).
 */
export const PAYMENTS_BOARD_PAID_DAYS = 30;

/** One approval on the board or in the dashboard's lists. */
export const WorkItemSchema = v.object({
  id: v.string(),
  companyName: v.nullable(v.string()),
  /** The first bill's vendor, and how many bills the approval pays in all. */
  vendorName: v.nullable(v.string()),
  bills: v.number(),
  /** What it pays: the approved bills once decided, every bill while pending. */
  amountCents: v.number(),
  /** Where its age counts from: created (pending, approved, …) or paid (the Paid column). */
  since: IsoDateTimeSchema,
});
export type WorkItem = v.InferOutput<typeof WorkItemSchema>;

export const PaymentsBoardColumnSchema = v.object({
  status: v.picklist(PAYMENTS_BOARD_STATUSES),
  count: v.number(),
  amountCents: v.number(),
  /** The first PAYMENTS_BOARD_SHOWN: the oldest first; in Paid, the latest paid first. */
  approvals: v.array(WorkItemSchema),
});
export type PaymentsBoardColumn = v.InferOutput<typeof PaymentsBoardColumnSchema>;

export const PaymentsBoardSchema = v.object({
  columns: v.array(PaymentsBoardColumnSchema),
  paidSinceDays: v.number(),
});
export type PaymentsBoard = v.InferOutput<typeof PaymentsBoardSchema>;

/** An approved approval whose bank file was not written, and what the generation says is missing. */
export const StuckPaymentSchema = v.object({
  ...WorkItemSchema.entries,
  reason: v.string(),
});
export type StuckPayment = v.InferOutput<typeof StuckPaymentSchema>;

/** Stuck payments listed on the dashboard; the count says how many in all. */
export const STUCK_PAYMENTS_SHOWN = 3;

/** The dashboard's "Your work" figures, for whoever decides payments (null for anyone else). */
export const YourWorkSchema = v.object({
  /** Waiting for the person: counted (and summed) up to WAITING_COUNT_CAP, `capped` beyond it. */
  waiting: v.object({ count: v.number(), capped: v.boolean(), amountCents: v.number() }),
  /** Pending approvals nobody active may approve (escalated to the ADMINs), as WaitingCount.stuck. */
  escalated: v.number(),
  /** The five oldest of them. */
  oldest: v.array(WorkItemSchema),
  /** Bills past their due date whose approval is still on its way to payment (pending to sent). */
  overdue: v.object({ bills: v.number(), approvals: v.number(), amountCents: v.number() }),
  /** Approved, but the bank file could not be written: how many, the oldest STUCK_PAYMENTS_SHOWN. */
  stuckPayments: v.object({ count: v.number(), approvals: v.array(StuckPaymentSchema) }),
});
export type YourWork = v.InferOutput<typeof YourWorkSchema>;
