import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvals, companies } from '../db/schema';
import { recordActivities } from '../modules/activity/activity.service';
import { build, type TestContext } from '../test/build';
import { minRoleOfAction } from './payment-details';

let t: TestContext;
let companyId: number;
let approvalId: string;
const ACCOUNT_LINE = 'Ada Admin changed the bank account of Acme Supplies to ••••6789';
const APPROVAL_LINE = 'Bank account of Acme Supplies changed by Ada Admin while this approval was pending';

beforeAll(async () => {
  t = await build();
  const [company] = await t.database.db.select({ id: companies.id }).from(companies).limit(1);
  const [approval] = await t.database.db.select({ id: approvals.id }).from(approvals).limit(1);
  companyId = company!.id;
  approvalId = approval!.id;
  // The newest rows of the log: what a vendor account change writes into the company's timeline
  // and into the history of an approval that pays that vendor.
  await recordActivities(t.database.db, [
    {
      userId: null,
      userName: 'Ada Admin',
      action: 'payments.vendor_account.update',
      entityType: 'company',
      entityId: companyId,
      description: ACCOUNT_LINE,
    },
    {
      userId: null,
      userName: 'Ada Admin',
      action: 'approval.vendor_account_change',
      entityType: 'approval',
      entityId: approvalId,
      description: APPROVAL_LINE,
    },
  ]);
});
afterAll(async () => {
  await t?.close();
});

async function read(email: string, url: string): Promise<string[]> {
  const { tokens } = await t.login(email);
  const response = await t.request({ method: 'GET', url, token: tokens.accessToken });
  expect(response.statusCode).toBe(200);
  // The dashboard and a timeline answer descriptions; an approval's history answers its labels.
  type Item = { description?: string; action?: string };
  const data = response.json<{ data: { recentActivity: Item[] } | Item[] }>().data;
  const items = Array.isArray(data) ? data : data.recentActivity;
  return items.map((item) => item.description ?? item.action ?? '');
}

describe('payment details in the activity a GUEST reads', () => {
  it('the rule: vendor account and settlement actions need USER, the rest GUEST', () => {
    expect(minRoleOfAction('payments.vendor_account.update')).toBe('USER');
    expect(minRoleOfAction('payments.settlement.confirm')).toBe('USER');
    expect(minRoleOfAction('approval.vendor_account_change')).toBe('USER');
    expect(minRoleOfAction('approval.approve')).toBe('GUEST');
    expect(minRoleOfAction('company.update')).toBe('GUEST');
  });

  for (const [where, url, line] of [
    ['the dashboard', () => '/api/dashboard/stats', ACCOUNT_LINE],
    ["the company's timeline", () => `/api/company/companies/${companyId}/activity?limit=50`, ACCOUNT_LINE],
    [
      "the approval's history",
      () => `/api/bill-approval/approvals/${approvalId}/history`,
      'Bank account changed',
    ],
  ] as const) {
    it(`${where}: a USER reads the bank account line, a GUEST does not`, async () => {
      // The dashboard shows the newest few lines: the two sign-ins of this test and the lines above.
      expect(await read('guest@example.com', url())).not.toContain(line);
      expect(await read('user@example.com', url())).toContain(line);
    });
  }
});
