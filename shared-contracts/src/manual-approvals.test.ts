import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { billNumberKey, hasWholeCents } from './approvals';
import {
  MANUAL_APPROVAL_ERRORS,
  ManualApprovalCreateSchema,
  ManualApprovalFormSchema,
} from './manual-approvals';

describe('billNumberKey', () => {
  it('gives every spelling of one bill number one key: case, spaces, punctuation, leading zeros, full-width', () => {
    for (const spelling of ['INV-0042', 'inv 42', 'Inv.00042', ' inv_0042 ', 'ＩＮＶ－００４２']) {
      expect(billNumberKey(spelling)).toBe('INV42');
    }
  });

  it('keeps numbers that differ apart, and a zero that is the number', () => {
    expect(billNumberKey('INV-420')).toBe('INV420');
    expect(billNumberKey('INV-42')).not.toBe(billNumberKey('INV-43'));
    expect(billNumberKey('0')).toBe('0');
    expect(billNumberKey('A-000')).toBe('A0');
    expect(billNumberKey('---')).toBeNull();
    expect(billNumberKey(undefined)).toBeNull();
  });
});

describe('ManualApprovalFormSchema', () => {
  const bill = {
    vendorRef: 'V1',
    DocNumber: 'B-1',
    TxnDate: '2026-11-02',
    DueDate: '2026-12-02',
    TotalAmt: '1,250.00',
    Line: [
      { Description: 'Paper', Amount: '1000' },
      { Description: 'Toner', Amount: '250' },
    ],
  };
  const issuesOf = (input: unknown) =>
    (v.safeParse(ManualApprovalFormSchema, input).issues ?? []).map((issue) => [
      v.getDotPath(issue),
      issue.message,
    ]);

  it('turns what was typed into the API body', () => {
    const parsed = v.parse(ManualApprovalFormSchema, { companyId: '7', priority: 'HIGH', bills: [bill] });
    expect(parsed).toEqual({
      companyId: 7,
      priority: 'HIGH',
      bills: [
        {
          ...bill,
          TotalAmt: 1250,
          Line: [
            { Description: 'Paper', Amount: 1000 },
            { Description: 'Toner', Amount: 250 },
          ],
        },
      ],
    });
  });

  it('names the sums when the lines miss the total, on the total', () => {
    expect(issuesOf({ companyId: '7', priority: 'LOW', bills: [{ ...bill, TotalAmt: '1300' }] })).toEqual([
      ['bills.0.TotalAmt', MANUAL_APPROVAL_ERRORS.linesDoNotAddUp(125_000, 130_000)],
    ]);
  });

  it('refuses a company not chosen, a due date before the bill date and an amount of 0', () => {
    expect(
      issuesOf({
        companyId: '',
        priority: 'LOW',
        bills: [{ ...bill, DueDate: '2026-11-01', TotalAmt: '0', Line: [{ Description: 'x', Amount: '0' }] }],
      }),
    ).toEqual([
      ['companyId', MANUAL_APPROVAL_ERRORS.company],
      ['bills.0.TotalAmt', MANUAL_APPROVAL_ERRORS.amount('The total')],
      ['bills.0.Line.0.Amount', MANUAL_APPROVAL_ERRORS.amount('The amount')],
      // The dates are valid on their own, so their rule is checked while the amounts are not.
      ['bills.0.DueDate', MANUAL_APPROVAL_ERRORS.dueBeforeBill],
    ]);
  });
});

describe('ManualApprovalCreateSchema (POST …/approvals)', () => {
  const bill = {
    vendorRef: 'V1',
    DocNumber: 'B-1',
    TxnDate: '2026-11-02',
    DueDate: '2026-12-02',
    TotalAmt: 100,
    Line: [{ Description: 'Paper', Amount: 100 }],
  };
  const issuesOf = (bills: unknown[]) =>
    (v.safeParse(ManualApprovalCreateSchema, { companyId: 1, bills }).issues ?? []).map((issue) => [
      v.getDotPath(issue),
      issue.message,
    ]);

  it('refuses an id sent for a bill, whatever it looks like: the server numbers bills', () => {
    for (const Id of ['1001', '', null, 7]) {
      expect(issuesOf([{ ...bill, Id }])).toEqual([['bills.0.Id', MANUAL_APPROVAL_ERRORS.billId]]);
    }
    expect(issuesOf([bill])).toEqual([]);
  });

  it('holds amounts to the cent as written, however close to one', () => {
    const total = MANUAL_APPROVAL_ERRORS.amount('The total');
    expect(issuesOf([{ ...bill, TotalAmt: 100.0000000000001 }])).toEqual([['bills.0.TotalAmt', total]]);
    expect(issuesOf([{ ...bill, TotalAmt: 0.3, Line: [{ Description: 'x', Amount: 0.1 + 0.2 }] }])).toEqual([
      ['bills.0.Line.0.Amount', MANUAL_APPROVAL_ERRORS.amount('The amount')],
    ]);
    expect(issuesOf([{ ...bill, TotalAmt: 1.15, Line: [{ Description: 'x', Amount: 1.15 }] }])).toEqual([]);
  });
});

describe('hasWholeCents', () => {
  it('is true for amounts written with at most 2 decimals only', () => {
    for (const amount of [0, 0.01, 0.1, 1.15, 100, 99_999_999.99, 1_000_000_000]) {
      expect(hasWholeCents(amount), String(amount)).toBe(true);
    }
    for (const amount of [100.0000000000001, 0.1 + 0.2, 1.005, 0.001, Number.NaN, Infinity]) {
      expect(hasWholeCents(amount), String(amount)).toBe(false);
    }
  });
});
