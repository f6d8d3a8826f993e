import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  ApprovalExportQuerySchema,
  ApprovalListQuerySchema,
  ApproveSchema,
  BillsSchema,
  DELETABLE_APPROVAL_STATUSES,
  PAYMENT_RECORD_STATUSES,
  RejectSchema,
  approvalCompanyLabel,
  approvalManagerLabel,
  isDeletableApprovalStatus,
  parseBills,
  toCents,
} from './approvals';
import { VALIDATION } from './messages';
import { APPROVAL_STATUSES } from './statuses';

const bill = (Id: string, lines: number[], TotalAmt = lines.reduce((a, b) => a + b, 0)) => ({
  Id,
  TotalAmt,
  Line: lines.map((Amount) => ({ Amount })),
});

const messages = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success ? [] : result.issues.map((issue) => issue.message);
};

describe('bills', () => {
  it('accepts bills whose lines add up to TotalAmt in cents (0.1 + 0.2 = 0.3)', () => {
    expect(messages(BillsSchema, [bill('1', [0.1, 0.2], 0.3), bill('2', [], 5)])).toEqual([]);
  });

  it('names totals that do not add up, duplicate ids, bad amounts and an empty list', () => {
    expect(messages(BillsSchema, [bill('7', [1, 2], 4)])).toEqual([
      'Bill 7: line amounts do not add up to TotalAmt',
    ]);
    expect(messages(BillsSchema, [bill('1', [1]), bill('1', [2])])).toEqual(['Bill ids must be unique']);
    expect(messages(BillsSchema, [bill('1', [], 0)])[0]).toMatch(/positive amount/);
    expect(messages(BillsSchema, [bill('1', [], 1.001)])[0]).toMatch(/at most 2 decimals/);
    expect(messages(BillsSchema, [])).toEqual(['An approval needs at least one bill']);
  });

  it('toCents refuses a third decimal; parseBills treats bad JSON as no bills', () => {
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(0.125)).toBeNaN();
    expect(parseBills('{oops')).toEqual([]);
    expect(parseBills(null)).toEqual([]);
    expect(parseBills('[{"Id":"1","TotalAmt":2}]')).toHaveLength(1);
  });
});

describe('decisions', () => {
  it('reject: trimmed, required with the form text, at most 1000 characters', () => {
    expect(v.parse(RejectSchema, { rejectionReason: '  late  ' })).toEqual({ rejectionReason: 'late' });
    expect(messages(RejectSchema, { rejectionReason: '   ' })).toEqual([VALIDATION.rejectionReason]);
    expect(messages(RejectSchema, {})).toEqual([VALIDATION.rejectionReason]);
    expect(messages(RejectSchema, { rejectionReason: 'x'.repeat(1001) })[0]).toMatch(/at most 1000/);
  });

  it('approve: absent means all; an empty list is refused; duplicates collapse', () => {
    expect(v.parse(ApproveSchema, {})).toEqual({});
    expect(messages(ApproveSchema, { approvedBills: [] })).toEqual(['Approve at least one bill']);
    expect(v.parse(ApproveSchema, { approvedBills: ['a', 'a', 'b'] })).toEqual({ approvedBills: ['a', 'b'] });
  });
});

describe('list and export queries', () => {
  it('defaults to page 1, 10 rows, createdAt desc; all means no filter; allowed page sizes only', () => {
    expect(v.parse(ApprovalListQuerySchema, { status: 'all', companyId: 'all' })).toEqual({
      page: 1,
      limit: 10,
      status: undefined,
      companyId: undefined,
      sortBy: 'createdAt',
      sortOrder: 'desc',
    });
    expect(
      v.parse(ApprovalListQuerySchema, { companyId: '12', limit: '25', sortBy: 'company.name' }),
    ).toMatchObject({
      companyId: 12,
      limit: 25,
      sortBy: 'company.name',
      sortOrder: 'asc',
    });
    expect(messages(ApprovalListQuerySchema, { limit: '7' })).toEqual([
      'limit must be one of 5, 10, 25, 50, 100',
    ]);
    expect(v.parse(ApprovalExportQuerySchema, {}).format).toBe('csv');
    expect(messages(ApprovalExportQuerySchema, { format: 'xml' })).toEqual([
      'format must be one of csv, json',
    ]);
  });

  it('labels: company name, else companyName, else id; manager name, else e-mail, else Not assigned', () => {
    expect(approvalCompanyLabel({ company: null, companyName: null, companyId: 4 })).toBe('4');
    expect(approvalCompanyLabel({ company: null, companyName: 'Acme', companyId: 4 })).toBe('Acme');
    expect(approvalManagerLabel({ managerName: null, managerEmail: null })).toBe('Not assigned');
    expect(approvalManagerLabel({ managerName: null, managerEmail: 'm@x.io' })).toBe('m@x.io');
  });
});

describe('status groups', () => {
  it('every status is either deletable or a payment record, never both', () => {
    const grouped = [...DELETABLE_APPROVAL_STATUSES, ...PAYMENT_RECORD_STATUSES];
    expect([...grouped].sort()).toEqual([...APPROVAL_STATUSES].sort());
  });

  it('only PENDING, REJECTED and EXPIRED approvals may be deleted', () => {
    expect(APPROVAL_STATUSES.filter(isDeletableApprovalStatus)).toEqual(['PENDING', 'REJECTED', 'EXPIRED']);
  });
});
