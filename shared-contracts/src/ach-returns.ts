/**
 * ACH returns and Notifications of Change (NOC): the codes a receiving bank sends back about a
 * payment the console originated, with the texts the console shows for them. The API's parser of
 * return files (api/src/payments/nacha-returns.ts) accepts exactly these codes.
 *
 * The lists are NACHA's current ones (as moov-io/ach, a widely used reader, carries them).
 */

/** Return reason codes (Addenda 99) and what each means. */
export const ACH_RETURN_CODES = {
  R01: 'Insufficient funds',
  R02: 'Account closed',
  R03: 'No account / unable to locate account',
  R04: 'Invalid account number',
  R05: 'Unauthorized debit to consumer account using corporate SEC code',
  R06: 'Returned per ODFI’s request',
  R07: 'Authorization revoked by customer',
  R08: 'Payment stopped',
  R09: 'Uncollected funds',
  R10: 'Customer advises originator is not known or not authorized to debit',
  R11: 'Customer advises entry not in accordance with the terms of the authorization',
  R12: 'Account sold to another DFI',
  R13: 'Invalid ACH routing number',
  R14: 'Representative payee deceased or unable to continue in that capacity',
  R15: 'Beneficiary or account holder deceased',
  R16: 'Account frozen',
  R17: 'File record edit criteria / entry with invalid account number initiated under questionable circumstances',
  R18: 'Improper effective entry date',
  R19: 'Amount field error',
  R20: 'Non-transaction account',
  R21: 'Invalid company identification',
  R22: 'Invalid individual ID number',
  R23: 'Credit entry refused by receiver',
  R24: 'Duplicate entry',
  R25: 'Addenda error',
  R26: 'Mandatory field error',
  R27: 'Trace number error',
  R28: 'Routing number check digit error',
  R29: 'Corporate customer advises not authorized',
  R30: 'RDFI not participant in check truncation program',
  R31: 'Permissible return entry (CCD and CTX only)',
  R32: 'RDFI non-settlement',
  R33: 'Return of XCK entry',
  R34: 'Limited participation DFI',
  R35: 'Return of improper debit entry',
  R36: 'Return of improper credit entry',
  R37: 'Source document presented for payment',
  R38: 'Stop payment on source document',
  R39: 'Improper source document / source document presented for payment',
  R40: 'Return of ENR entry by federal government agency',
  R41: 'Invalid transaction code (ENR only)',
  R42: 'Routing number / check digit error (ENR only)',
  R43: 'Invalid DFI account number (ENR only)',
  R44: 'Invalid individual ID number / identification number (ENR only)',
  R45: 'Invalid individual name / company name (ENR only)',
  R46: 'Invalid representative payee indicator (ENR only)',
  R47: 'Duplicate enrollment (ENR only)',
  R50: 'State law affecting RCK acceptance',
  R51: 'Item related to RCK entry is ineligible or RCK entry is improper',
  R52: 'Stop payment on item related to RCK entry',
  R53: 'Item and RCK entry presented for payment',
  R61: 'Misrouted return',
  R62: 'Return of erroneous or reversing debit',
  R67: 'Duplicate return',
  R68: 'Untimely return',
  R69: 'Field error(s)',
  R70: 'Permissible return entry not accepted / return not requested by ODFI',
  R71: 'Misrouted dishonored return',
  R72: 'Untimely dishonored return',
  R73: 'Timely original return',
  R74: 'Corrected return',
  R75: 'Return not a duplicate',
  R76: 'No errors found',
  R77: 'Non-acceptance of R62 dishonored return',
  R80: 'IAT entry coding error',
  R81: 'Non-participant in IAT program',
  R82: 'Invalid foreign receiving DFI identification',
  R83: 'Foreign receiving DFI unable to settle',
  R84: 'Entry not processed by gateway',
  R85: 'Incorrectly coded outbound international payment',
  R90: 'Entry returned due to RDFI’s sanctions compliance obligations',
} as const;

export type AchReturnCode = keyof typeof ACH_RETURN_CODES;

/**
 * Returns that say the vendor's bank account cannot take a payment again: the account is closed,
 * not found, invalid, frozen or not one payments can post to. Paying it again as it stands would
 * come back the same way, so the account is blocked until someone changes it.
 */
export const ACCOUNT_BLOCKING_RETURN_CODES: ReadonlySet<AchReturnCode> = new Set([
  'R02',
  'R03',
  'R04',
  'R16',
  'R20',
]);

/** Returns that carry the date of death in their addenda (positions 22-27). */
export const DATE_OF_DEATH_RETURN_CODES: ReadonlySet<AchReturnCode> = new Set(['R14', 'R15']);

/**
 * Codes NACHA used once and no longer does: R63-R66 became R69 (field errors) and C10-C12 (company
 * name and identification changes) were dropped. A file carrying one is refused as out of date,
 * apart from a code that never existed.
 */
export const RETIRED_ACH_CODES: ReadonlySet<string> = new Set([
  'R63',
  'R64',
  'R65',
  'R66',
  'C10',
  'C11',
  'C12',
]);

/**
 * How the corrected data (Addenda 98 positions 36-64, 29 characters) of a change code is laid
 * out; positions are 1-based within those 29.
 */
export type AchCorrectedDataLayout =
  | 'account' // 1-17 account number
  | 'routing' // 1-9 routing number
  | 'routingAndAccount' // 1-9 routing, 10-12 blank, 13-29 account
  | 'name' // 1-22 individual or receiving company name
  | 'transactionCode' // 1-2 transaction code
  | 'accountAndTransactionCode' // 1-17 account, 18-20 blank, 21-22 transaction code
  | 'routingAccountAndTransactionCode' // 1-9 routing, 10-26 account, 27-28 transaction code
  | 'foreignReceivingDfi' // 1-29 the foreign bank's identification (IAT only)
  | 'identification' // 1-22 individual identification number
  | 'addendaFormat' // blank: the entry was posted, its addenda was unclear
  | 'secCode'; // 1-3 the SEC code the entry should have had (IAT)

export interface AchChangeCodeInfo {
  description: string;
  correctedData: AchCorrectedDataLayout;
}

/** Change codes (Addenda 98, SEC code COR), what each means and its corrected data. */
export const ACH_CHANGE_CODES = {
  C01: { description: 'Incorrect bank account number', correctedData: 'account' },
  C02: { description: 'Incorrect routing number', correctedData: 'routing' },
  C03: {
    description: 'Incorrect routing number and bank account number',
    correctedData: 'routingAndAccount',
  },
  C04: { description: 'Incorrect individual name / receiving company name', correctedData: 'name' },
  C05: { description: 'Incorrect transaction code (checking or savings)', correctedData: 'transactionCode' },
  C06: {
    description: 'Incorrect bank account number and transaction code',
    correctedData: 'accountAndTransactionCode',
  },
  C07: {
    description: 'Incorrect routing number, bank account number and transaction code',
    correctedData: 'routingAccountAndTransactionCode',
  },
  C08: {
    description: 'Incorrect receiving DFI identification (IAT only)',
    correctedData: 'foreignReceivingDfi',
  },
  C09: { description: 'Incorrect individual identification number', correctedData: 'identification' },
  C13: { description: 'Addenda format error', correctedData: 'addendaFormat' },
  C14: { description: 'Incorrect SEC code for outbound international payment', correctedData: 'secCode' },
} as const satisfies Record<string, AchChangeCodeInfo>;

export type AchChangeCode = keyof typeof ACH_CHANGE_CODES;

/**
 * Refused NOC codes: an ODFI sends them back to the RDFI about a NOC it cannot use. They travel
 * from the console's bank, never to it, so a file that carries one is not a NOC for the console.
 */
export const ACH_REFUSED_CHANGE_CODES = {
  C61: 'Misrouted notification of change',
  C62: 'Incorrect trace number',
  C63: 'Incorrect company identification number',
  C64: 'Incorrect individual identification number / identification number',
  C65: 'Incorrectly formatted corrected data',
  C66: 'Incorrect discretionary data',
  C67: 'Routing number not from original entry detail record',
  C68: 'DFI account number not from original entry detail record',
  C69: 'Incorrect transaction code',
} as const;

export const isAchReturnCode = (code: string): code is AchReturnCode => Object.hasOwn(ACH_RETURN_CODES, code);
export const isAchChangeCode = (code: string): code is AchChangeCode => Object.hasOwn(ACH_CHANGE_CODES, code);
