/** A bank file as the console writes it, for the simulator's and the return parser's tests. */
import { writeNachaFile, type NachaCredit } from 'api/src/payments/nacha-file';
import { routingCheckDigit } from 'shared-contracts';

export const routing = (first8: string): string => first8 + routingCheckDigit(first8);

export const ODFI = routing('12104288');
export const RDFI_A = routing('02100002');
export const RDFI_B = routing('09100001');

const credit = (overrides: Partial<NachaCredit>): NachaCredit => ({
  routingNumber: RDFI_A,
  accountNumber: '123456789',
  accountType: 'checking',
  amountCents: 125_050,
  receiverName: 'Office Supply Co',
  identificationNumber: 'BILL-1001',
  addenda: 'INV 1001',
  ...overrides,
});

/**
 * Three vendor credits (checking and savings, at two banks) and, balanced, the offsetting debit:
 * traces 121042880000001…4.
 */
export function forwardFile(): string {
  return writeNachaFile({
    originator: {
      odfiRoutingNumber: ODFI,
      companyIdentification: '1234567890',
      companyName: 'Acme Logistics',
      entryDescription: 'VENDOR PAY',
      immediateDestinationName: 'First Example Bank',
      immediateOriginName: 'Acme Logistics LLC',
      settlementAccount: { accountNumber: '5550001', accountType: 'checking' },
    },
    credits: [
      credit({}),
      credit({
        accountNumber: '77-1234',
        accountType: 'savings',
        amountCents: 9_900,
        receiverName: 'Paper Mill',
      }),
      credit({
        routingNumber: RDFI_B,
        accountNumber: 'A998877',
        amountCents: 42_00,
        receiverName: 'Ink Works',
      }),
    ],
    creationDate: '2026-11-23',
    creationTime: '0930',
    fileIdModifier: 'A',
    effectiveEntryDate: '2026-11-24',
    batchNumber: 42,
  }).text;
}

export const TRACE = (sequence: number): string => `12104288${String(sequence).padStart(7, '0')}`;

/** Records of a file and back, for tests that change one field. */
export const recordsOf = (text: string): string[] => text.replace(/\n$/, '').split('\n');
export const fileOf = (records: readonly string[]): string => records.join('\n') + '\n';

/** `line` with the characters from `start` (1-based) replaced by `value`. */
export const replaceAt = (line: string, start: number, value: string): string =>
  line.slice(0, start - 1) + value + line.slice(start - 1 + value.length);
