/**
 * Rules shared-contracts gives the forms and the API alike: one-line text fields (names, titles,
 * phone numbers, vendor names, bill document numbers) refuse C0/C1 control characters, multi-line
 * ones (addresses, descriptions, reasons) allow only tabs and line breaks; and an approval whose
 * bills total more than one bank-file entry can pay is refused when it is created, not when its
 * file is written after someone approved it.
 */
import { isNull } from 'drizzle-orm';
import { APPROVAL_ERRORS, BANK_ENTRY_AMOUNT_MAX_CENTS, TEXT_ERRORS } from 'shared-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../db/schema';
import { handBill } from '../test/approval-fixtures';
import { build, errorOf, type TestContext } from '../test/build';

let t: TestContext;
let admin: string;
let moderator: string;
let companyId: number;
/** A demo company without QuickBooks, whose requests are entered by hand (its vendors: '1', '2', …). */
let handCompanyId: number;
beforeAll(async () => {
  t = await build();
  admin = (await t.login('admin@example.com')).tokens.accessToken;
  moderator = (await t.login('moderator@example.com')).tokens.accessToken;
  const [company] = await t.database.db.select().from(companies).orderBy(companies.id).limit(1);
  companyId = company!.id;
  const [hand] = await t.database.db
    .select()
    .from(companies)
    .where(isNull(companies.qbConnectionStatus))
    .orderBy(companies.id)
    .limit(1);
  handCompanyId = hand!.id;
});
afterAll(async () => t?.close());

const ONE_LINE = /must be one line of text without control characters/;

/** Each control character a one-line field must refuse, inside the text (trimming cannot hide it). */
const CONTROLS = ['\t', '\n', '\r', '\u0007', '\u001b', '\u007f', '\u0085', '\u009b'];

async function expectField(
  method: 'POST' | 'PUT',
  url: string,
  payload: Record<string, unknown>,
  field: string,
  message: RegExp | string,
  token = admin,
) {
  const response = await t.request({ method, url, token, payload });
  expect(response.statusCode, `${url} ${JSON.stringify(payload)}: ${response.body}`).toBe(400);
  const fields = errorOf(response).fields ?? {};
  if (typeof message === 'string') expect(fields[field]).toBe(message);
  else expect(fields[field]).toMatch(message);
}

/** A bill entered by hand for vendor '1' of the company. */
const bill = (doc: string, amount: number) => handBill('1', amount, `DOC-${doc}`);

describe('one-line text fields refuse control characters', () => {
  it('company names, on create and on edit, with the field message', async () => {
    for (const control of CONTROLS) {
      await expectField(
        'POST',
        '/api/company/companies',
        { name: `Acme${control}Corp` },
        'name',
        TEXT_ERRORS.controlCharacters('Company name'),
      );
    }
    await expectField(
      'PUT',
      `/api/company/companies/${companyId}`,
      { name: 'Acme\u0008x' },
      'name',
      ONE_LINE,
    );
    await expectField(
      'POST',
      '/api/company/companies',
      { name: 'Acme', phone: '555\t0100' },
      'phone',
      ONE_LINE,
    );
  });

  it('but an address or a description keeps its tabs and line breaks (and nothing else)', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/api/company/companies',
      token: admin,
      payload: { name: 'Multi Line Ltd', address: '1 Main St\nSpringfield', description: 'a\tb\r\nc' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data.address).toBe('1 Main St\nSpringfield');
    await expectField(
      'POST',
      '/api/company/companies',
      { name: 'Escapes Ltd', description: 'red \u001b[31m text' },
      'description',
      TEXT_ERRORS.controlCharactersMultiLine('Description'),
    );
  });

  it('manager names and titles, user names, vendor names', async () => {
    await expectField(
      'POST',
      '/api/manager/managers',
      { firstName: 'Gr\u0085ace', lastName: 'Hopper', email: 'grace.c1@example.com' },
      'firstName',
      ONE_LINE,
      moderator,
    );
    await expectField(
      'POST',
      '/api/manager/managers',
      { firstName: 'Grace', lastName: 'Hopper', email: 'grace.title@example.com', title: 'Rear\nAdmiral' },
      'title',
      ONE_LINE,
      moderator,
    );
    await expectField(
      'POST',
      '/api/auth/register',
      { email: 'ctl@example.com', password: 'Long enough passphrase 42!', firstName: 'Ada\u001bLovelace' },
      'firstName',
      ONE_LINE,
    );
    await expectField('PUT', '/api/user/profile', { lastName: 'Ad\tmin' }, 'lastName', ONE_LINE);
    await expectField(
      'POST',
      `/api/company/companies/${companyId}/vendor-accounts`,
      {
        vendorRef: '9001',
        vendorName: 'Paper\nCo',
        routingNumber: '021000021',
        accountNumber: '123456789',
        accountType: 'checking',
      },
      'vendorName',
      ONE_LINE,
      moderator,
    );
  });

  it("a bill's document number, and its line's description allows line breaks only", async () => {
    const url = '/api/bill-approval/approvals';
    await expectField(
      'POST',
      url,
      { companyId: handCompanyId, bills: [{ ...bill('501', 10), DocNumber: 'INV\t001' }] },
      'bills.0.DocNumber',
      ONE_LINE,
      moderator,
    );
    // The vendor's name is the company's record (its bank account's, a one-line field above), never sent.
    await expectField(
      'POST',
      url,
      {
        companyId: handCompanyId,
        bills: [{ ...bill('502', 10), Line: [{ Description: 'Paper\u0085Gas', Amount: 10 }] }],
      },
      'bills.0.Line.0.Description',
      /control characters/,
      moderator,
    );
  });
});

describe('an approval over the bank-file entry limit', () => {
  const url = '/api/bill-approval/approvals';

  it('is the shared limit of $99,999,999.99', () => {
    expect(BANK_ENTRY_AMOUNT_MAX_CENTS).toBe(9_999_999_999);
  });

  it('is refused at create, naming bills, when the bills together exceed it', async () => {
    await expectField(
      'POST',
      url,
      { companyId: handCompanyId, bills: [bill('601', 99_999_999.99), bill('602', 0.01)] },
      'bills',
      APPROVAL_ERRORS.overBankFileLimit(10_000_000_000),
      moderator,
    );
    expect(APPROVAL_ERRORS.overBankFileLimit(10_000_000_000)).toBe(
      'The bills total $100,000,000.00, over the bank-file limit of $99,999,999.99 per payment: split them into several approvals',
    );
  });

  it('is refused at create when one bill alone exceeds it', async () => {
    await expectField(
      'POST',
      url,
      { companyId: handCompanyId, bills: [bill('603', 250_000_000)] },
      'bills',
      APPROVAL_ERRORS.overBankFileLimit(25_000_000_000),
      moderator,
    );
  });

  it('is accepted at exactly the limit', async () => {
    const response = await t.request({
      method: 'POST',
      url,
      token: moderator,
      payload: { companyId: handCompanyId, bills: [bill('604', 99_999_999.98), bill('605', 0.01)] },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data.billStats.totalAmount).toBe(99_999_999.99);
  });
});
