import fc from 'fast-check';
import { routingCheckDigit } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import {
  ENTRY_AMOUNT_MAX_CENTS,
  fileIdModifierFor,
  NachaError,
  toNachaText,
  writeNachaFile,
  type NachaCredit,
  type NachaFileInput,
} from './nacha-file';
import { validateNachaFile } from './nacha-validator';

const routing = (first8: string) => first8 + routingCheckDigit(first8);
const ODFI = routing('12104288'); // 121042882

const originator: NachaFileInput['originator'] = {
  odfiRoutingNumber: ODFI,
  companyIdentification: '1234567890',
  companyName: 'Acme Logistics',
  entryDescription: 'VENDOR PAY',
  immediateDestinationName: 'First Example Bank',
  immediateOriginName: 'Acme Logistics LLC',
};

const credit = (overrides: Partial<NachaCredit> = {}): NachaCredit => ({
  routingNumber: routing('02100002'),
  accountNumber: '123456789',
  accountType: 'checking',
  amountCents: 125_050,
  receiverName: 'Office Supply Co',
  identificationNumber: 'BILL-1001',
  addenda: 'INV 1001',
  ...overrides,
});

const input = (overrides: Partial<NachaFileInput> = {}): NachaFileInput => ({
  originator,
  credits: [credit()],
  creationDate: '2026-11-23',
  creationTime: '0930',
  fileIdModifier: 'A',
  effectiveEntryDate: '2026-11-24',
  batchNumber: 42,
  ...overrides,
});

const field = (line: string, from: number, to: number) => line.slice(from - 1, to);
const recordsOf = (text: string) => text.trimEnd().split('\n');

describe('writeNachaFile', () => {
  it('writes every field of a one-entry file at its position', () => {
    const { text, summary } = writeNachaFile(input());
    const records = recordsOf(text);
    expect(records).toHaveLength(10);
    expect(records.every((line) => line.length === 94)).toBe(true);
    expect(text.endsWith('\n')).toBe(true);
    expect(text).not.toContain('\r');

    const [header, batch, entry, addenda, control, fileControl, ...padding] = records as [
      string,
      string,
      string,
      string,
      string,
      string,
      ...string[],
    ];
    expect(header).toBe(
      '101 1210428821234567890261123' + '0930A094101FIRST EXAMPLE BANK     ACME LOGISTICS LLC             ',
    );
    expect(field(batch, 1, 4)).toBe('5220');
    expect(field(batch, 5, 20)).toBe('ACME LOGISTICS  ');
    expect(field(batch, 21, 40)).toBe(' '.repeat(20));
    expect(field(batch, 41, 50)).toBe('1234567890');
    expect(field(batch, 51, 53)).toBe('CCD');
    expect(field(batch, 54, 63)).toBe('VENDOR PAY');
    expect(field(batch, 70, 75)).toBe('261124');
    expect(field(batch, 76, 78)).toBe('   ');
    expect(field(batch, 79, 87)).toBe('112104288');
    expect(field(batch, 88, 94)).toBe('0000042');

    expect(field(entry, 1, 3)).toBe('622');
    expect(field(entry, 4, 11)).toBe('02100002');
    expect(field(entry, 12, 12)).toBe('1');
    expect(field(entry, 13, 29)).toBe('123456789        ');
    expect(field(entry, 30, 39)).toBe('0000125050');
    expect(field(entry, 40, 54)).toBe('BILL-1001      ');
    expect(field(entry, 55, 76)).toBe('OFFICE SUPPLY CO      ');
    expect(field(entry, 77, 79)).toBe('  1');
    expect(field(entry, 80, 94)).toBe('121042880000001');

    expect(field(addenda, 1, 3)).toBe('705');
    expect(field(addenda, 4, 83)).toBe('INV 1001'.padEnd(80));
    expect(field(addenda, 84, 94)).toBe('00010000001');

    expect(control).toBe(
      '8220' +
        '000002' +
        '0002100002' +
        '000000000000' +
        '000000125050' +
        '1234567890' +
        ' '.repeat(25) +
        '121042880000042',
    );
    expect(fileControl).toBe('9000001000001000000020002100002000000000000000000125050' + ' '.repeat(39));
    expect(padding).toEqual(Array(4).fill('9'.repeat(94)));
    expect(summary).toMatchObject({
      serviceClassCode: '220',
      entryCount: 1,
      entryAddendaCount: 2,
      totalCreditCents: 125_050,
      totalDebitCents: 0,
      recordCount: 10,
      blockCount: 1,
    });
    expect(validateNachaFile(text).errors).toEqual([]);
  });

  it('uses 32 for savings accounts and leaves the addenda out when there is no payment information', () => {
    const { text } = writeNachaFile(
      input({ credits: [credit({ accountType: 'savings', addenda: undefined })] }),
    );
    const entry = recordsOf(text)[2]!;
    expect(field(entry, 2, 3)).toBe('32');
    expect(field(entry, 79, 79)).toBe('0');
    expect(recordsOf(text)[3]![0]).toBe('8');
    expect(validateNachaFile(text).errors).toEqual([]);
  });

  it('balances the file with an offsetting debit to the settlement account (service class 200)', () => {
    const balanced = {
      ...originator,
      settlementAccount: { accountNumber: '987654321', accountType: 'checking' as const },
    };
    const { text, summary } = writeNachaFile(
      input({
        originator: balanced,
        credits: [credit(), credit({ amountCents: 99, accountType: 'savings' })],
      }),
    );
    const records = recordsOf(text);
    const offset = records.find((line) => line.startsWith('627'))!;
    expect(field(offset, 4, 12)).toBe(ODFI);
    expect(field(offset, 13, 29).trim()).toBe('987654321');
    expect(Number(field(offset, 30, 39))).toBe(125_149);
    expect(field(offset, 55, 76).trim()).toBe('OFFSET');
    expect(summary).toMatchObject({
      serviceClassCode: '200',
      totalCreditCents: 125_149,
      totalDebitCents: 125_149,
    });
    expect(field(records[1]!, 2, 4)).toBe('200');
    expect(validateNachaFile(text).errors).toEqual([]);
  });

  it('keeps the rightmost 10 digits of an entry hash that overflows', () => {
    const credits = Array.from({ length: 10_000 }, (_, index) =>
      credit({
        routingNumber: routing('99999999'),
        amountCents: index + 1,
        identificationNumber: `B${index}`,
      }),
    );
    const { text, summary } = writeNachaFile(input({ credits }));
    // 10,000 × 99,999,999 = 999,999,990,000 → 9999990000.
    expect(summary.entryHash).toBe('9999990000');
    expect(summary.entryAddendaCount).toBe(20_000);
    expect(summary.totalCreditCents).toBe((10_000 * 10_001) / 2);
    // 20,000 entry/addenda records + 4 header/control records, blocked to 20,010.
    expect(summary.recordCount).toBe(20_010);
    expect(summary.blockCount).toBe(2001);
    const records = recordsOf(text);
    expect(records).toHaveLength(20_010);
    const fileControl = records[20_003]!;
    expect(field(fileControl, 1, 1)).toBe('9');
    expect(field(fileControl, 8, 13)).toBe('002001');
    expect(field(fileControl, 14, 21)).toBe('00020000');
    expect(records.slice(20_004)).toEqual(Array(6).fill('9'.repeat(94)));
    expect(field(records[20_000]!, 80, 94)).toBe('121042880010000'); // the last entry's trace
    expect(validateNachaFile(text).errors).toEqual([]);
  });

  it('takes the largest entry amount and refuses one cent more', () => {
    const { text } = writeNachaFile(input({ credits: [credit({ amountCents: ENTRY_AMOUNT_MAX_CENTS })] }));
    expect(field(recordsOf(text)[2]!, 30, 39)).toBe('9999999999');
    expect(validateNachaFile(text).errors).toEqual([]);
    expect(() =>
      writeNachaFile(input({ credits: [credit({ amountCents: ENTRY_AMOUNT_MAX_CENTS + 1 })] })),
    ).toThrow(expect.objectContaining({ code: 'AMOUNT_OVER_LIMIT' }));
  });

  it('refuses what a bank would reject instead of writing it', () => {
    const cases: Array<[Partial<NachaFileInput>, NachaError['code']]> = [
      [{ credits: [] }, 'NO_ENTRIES'],
      [{ credits: [credit({ routingNumber: '021000022' })] }, 'INVALID_ROUTING_NUMBER'],
      [{ credits: [credit({ accountNumber: '' })] }, 'INVALID_ACCOUNT_NUMBER'],
      [{ credits: [credit({ accountNumber: '123456789012345678' })] }, 'INVALID_ACCOUNT_NUMBER'],
      [{ credits: [credit({ amountCents: 0 })] }, 'INVALID_AMOUNT'],
      [{ credits: [credit({ amountCents: 10.5 })] }, 'INVALID_AMOUNT'],
      [{ originator: { ...originator, odfiRoutingNumber: '121042883' } }, 'INVALID_ROUTING_NUMBER'],
      [{ originator: { ...originator, companyIdentification: '12345' } }, 'INVALID_FIELD'],
      [{ fileIdModifier: 'a' }, 'INVALID_FIELD'],
      [{ batchNumber: 10_000_000 }, 'INVALID_FIELD'],
    ];
    for (const [overrides, code] of cases) {
      expect(() => writeNachaFile(input(overrides)), code).toThrow(expect.objectContaining({ code }));
    }
  });

  it('writes only printable ASCII, whatever the names hold', () => {
    expect(toNachaText('Café Müller — Ørsted\u0000')).toBe('CAFE MULLER    RSTED ');
    const { text } = writeNachaFile(input({ credits: [credit({ receiverName: 'Société Générale 😀' })] }));
    expect(field(recordsOf(text)[2]!, 55, 76)).toBe('SOCIETE GENERALE      ');
    expect(validateNachaFile(text).errors).toEqual([]);
  });

  it('gives totals equal to the approved amounts for any set of bills (property)', () => {
    const amount = fc.integer({ min: 1, max: 5_000_000_00 });
    const accountType = fc.constantFrom('checking' as const, 'savings' as const);
    const routingPrefix = fc.stringMatching(/^\d{8}$/).filter((prefix) => prefix !== '00000000');
    const bill = fc.record({ amountCents: amount, accountType, routingPrefix });
    fc.assert(
      fc.property(fc.array(bill, { minLength: 1, maxLength: 200 }), fc.boolean(), (bills, balanced) => {
        const credits = bills.map((entry, index) =>
          credit({
            amountCents: entry.amountCents,
            accountType: entry.accountType,
            routingNumber: routing(entry.routingPrefix),
            identificationNumber: `BILL-${index}`,
          }),
        );
        const expected = bills.reduce((sum, entry) => sum + entry.amountCents, 0);
        const settlementAccount = balanced
          ? { accountNumber: '55555', accountType: 'checking' as const }
          : undefined;
        const { text, summary } = writeNachaFile(
          input({ credits, originator: { ...originator, settlementAccount } }),
        );
        const { errors, file } = validateNachaFile(text);
        expect(errors).toEqual([]);
        expect(summary.totalCreditCents).toBe(expected);
        expect(file?.totalCreditCents).toBe(expected);
        expect(file?.totalDebitCents).toBe(balanced ? expected : 0);
        const credited = file!.entries.filter((entry) => entry.transactionCode.endsWith('2'));
        expect(credited.map((entry) => entry.amountCents)).toEqual(bills.map((entry) => entry.amountCents));
        expect(recordsOf(text).length % 10).toBe(0);
      }),
      { numRuns: 150 },
    );
  });
});

describe('fileIdModifierFor', () => {
  it('counts A to Z, then 0 to 9, and refuses a 37th file of the day', () => {
    expect(fileIdModifierFor(0)).toBe('A');
    expect(fileIdModifierFor(25)).toBe('Z');
    expect(fileIdModifierFor(26)).toBe('0');
    expect(fileIdModifierFor(35)).toBe('9');
    expect(() => fileIdModifierFor(36)).toThrow(NachaError);
  });
});

describe('validateNachaFile', () => {
  it('finds a wrong total, a short record and a missing padding block', () => {
    const { text } = writeNachaFile(input());
    const records = recordsOf(text);
    const tampered = [...records];
    tampered[4] = tampered[4]!.slice(0, 32) + '000000125051' + tampered[4]!.slice(44);
    expect(validateNachaFile(tampered.join('\n') + '\n').errors).toContainEqual(
      expect.stringContaining('total credit'),
    );
    expect(validateNachaFile(records.slice(0, 9).join('\n') + '\n').errors).toContainEqual(
      expect.stringContaining('multiple of 10'),
    );
    const short = [...records];
    short[2] = short[2]!.slice(0, 93);
    expect(validateNachaFile(short.join('\n') + '\n').errors).toContainEqual(
      expect.stringContaining('93 characters'),
    );
  });
});
