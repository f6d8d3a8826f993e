/**
 * The receiving banks' side of the console's ACH files, for the demo, development and tests: given
 * a bank file the console wrote and what should happen to some of its entries, it writes the
 * return / Notification of Change file those banks would send back through the ACH Operator.
 *
 * It writes with the console's own record definitions (api/src/payments/nacha-records.ts), so a
 * position is defined once, and every file it writes passes the console's strict parser of return
 * files (api/src/payments/nacha-returns.ts). Layouts as NACHA and moov-io/ach define them:
 * - the bank that returns stands where the originator stood: its routing is the file's origin,
 *   the batch header's ODFI field and the prefix of the new trace numbers;
 * - each entry keeps the original's account, amount, identification and name, its routing number
 *   is the original ODFI's (the entry travels back to it), and its transaction code is the return
 *   code of the original (22 → 21, 27 → 26, 32 → 31, 37 → 36);
 * - a return carries an Addenda 99 (reason code, original trace, date of death for R14/R15, the
 *   original RDFI); a NOC is a zero-amount entry in a COR batch with an Addenda 98 (change code,
 *   original trace and RDFI, corrected data laid out per code).
 */
import { formatCorrectedData, type CorrectedData } from 'api/src/payments/nacha-corrections';
import {
  ADDENDA_98,
  ADDENDA_99,
  BATCH_CONTROL,
  BATCH_HEADER,
  BLOCKING_FACTOR,
  ENTRY_DETAIL,
  entryHashOf,
  FILE_CONTROL,
  FILE_HEADER,
  formatRecord,
  isCreditCode,
  PADDING_RECORD,
  readField,
  toYymmdd,
} from 'api/src/payments/nacha-records';
import { validateNachaFile, type ParsedEntry, type ParsedNachaFile } from 'api/src/payments/nacha-validator';
import {
  ACH_CHANGE_CODES,
  DATE_OF_DEATH_RETURN_CODES,
  isAchChangeCode,
  isAchReturnCode,
} from 'shared-contracts';

export type { CorrectedData } from 'api/src/payments/nacha-corrections';

/** What the receiving bank does with one entry of the console's file. */
export interface BankResponse {
  /** The entry's trace number in the console's file. */
  traceNumber: string;
  /** A return reason (R01…) or a change code (C01…). */
  code: string;
  /** For a change code: the corrected account, routing number, transaction code… */
  correctedData?: CorrectedData;
  /** For R14 and R15: 'YYYY-MM-DD'. */
  dateOfDeath?: string;
  /** Addenda information of a return (at most 44 characters). */
  addendaInformation?: string;
}

export interface SimulatorOptions {
  /** Creation date 'YYYY-MM-DD' and time 'HHMM' of the file; the forward file's effective date by default. */
  creationDate?: string;
  creationTime?: string;
  /** Effective entry date 'YYYY-MM-DD' of the return batches; the forward file's by default. */
  effectiveEntryDate?: string;
  /** Immediate Origin Name: the bank that sends the file. */
  bankName?: string;
}

/** A request the simulator cannot turn into a file: an unknown trace, a code that is no code… */
export class BankSimulatorError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BankSimulatorError';
  }
}

interface Planned {
  entry: ParsedEntry;
  response: BankResponse;
  kind: 'return' | 'change';
  /** The RDFI the original entry went to: the bank that answers. */
  rdfi: string;
}

/** The return / NOC file the receiving banks send back for `responses` to the console's `forwardFile`. */
export function simulateBankResponse(
  forwardFile: string,
  responses: readonly BankResponse[],
  options: SimulatorOptions = {},
): string {
  const { errors, file } = validateNachaFile(forwardFile);
  if (!file || errors.length > 0) {
    throw new BankSimulatorError(`The bank file is not one the console wrote: ${errors.join('; ')}`);
  }
  const planned = plan(file, responses);
  const effective = options.effectiveEntryDate
    ? toYymmdd(options.effectiveEntryDate, 'Effective entry date')
    : file.effectiveEntryDate;

  // One batch per answering bank and kind (returns, then NOCs), in the order of the forward file.
  const groups = new Map<string, Planned[]>();
  for (const item of planned) {
    const key = `${item.rdfi}:${item.kind}`;
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  const header = forwardFile.slice(0, 94);
  const lines = [
    formatRecord(FILE_HEADER, {
      immediateDestination: ` ${file.immediateDestination}`,
      immediateOrigin: ` ${planned[0]!.entry.routingNumber}`,
      creationDate: options.creationDate
        ? toYymmdd(options.creationDate, 'Creation date')
        : file.effectiveEntryDate,
      creationTime: options.creationTime ?? '1200',
      fileIdModifier: 'A',
      immediateDestinationName: readField(FILE_HEADER, header, 'immediateDestinationName'),
      immediateOriginName: options.bankName ?? 'RECEIVING BANK',
    }),
  ];
  const all: { amount: number; credit: boolean; routing: string }[] = [];
  let batchNumber = 0;
  let sequence = 0;
  for (const group of groups.values()) {
    batchNumber += 1;
    const batch = writeBatch(file, group, { batchNumber, effective, firstSequence: sequence + 1 });
    sequence += group.length;
    lines.push(...batch.lines);
    all.push(...batch.entries);
  }
  lines.push(fileControl(all, batchNumber, lines.length + 1));
  while (lines.length % BLOCKING_FACTOR !== 0) lines.push(PADDING_RECORD);
  return lines.join('\n') + '\n';
}

/** Each response matched to its entry and checked, so no half-right file is written. */
function plan(file: ParsedNachaFile, responses: readonly BankResponse[]): Planned[] {
  if (responses.length === 0) throw new BankSimulatorError('Name at least one entry to return or correct');
  const seen = new Set<string>();
  const planned = responses.map((response) => {
    const entry = file.entries.find((candidate) => candidate.traceNumber === response.traceNumber);
    if (!entry)
      throw new BankSimulatorError(`No entry of the bank file has the trace number ${response.traceNumber}`);
    if (seen.has(response.traceNumber)) {
      throw new BankSimulatorError(`The entry ${response.traceNumber} is answered twice`);
    }
    seen.add(response.traceNumber);
    const { code } = response;
    if (isAchReturnCode(code)) {
      if (DATE_OF_DEATH_RETURN_CODES.has(code) !== (response.dateOfDeath !== undefined)) {
        throw new BankSimulatorError(`${code}: only R14 and R15 carry a date of death, and they need one`);
      }
      if (response.correctedData)
        throw new BankSimulatorError(`${code} is a return: it carries no corrected data`);
      return { entry, response, kind: 'return' as const, rdfi: entry.routingNumber.slice(0, 8) };
    }
    if (isAchChangeCode(code)) {
      return { entry, response, kind: 'change' as const, rdfi: entry.routingNumber.slice(0, 8) };
    }
    throw new BankSimulatorError(`${code} is neither a return code (R01…) nor a change code (C01…)`);
  });
  // Batches follow the forward file's order of entries.
  const order = (item: Planned) => file.entries.indexOf(item.entry);
  return planned.sort((a, b) => order(a) - order(b));
}

/** 22 → 21, 27 → 26: the return/NOC code of a forward transaction code. */
const returnTransactionCode = (code: string): string => code[0]! + (isCreditCode(code) ? '1' : '6');

function writeBatch(
  file: ParsedNachaFile,
  group: readonly Planned[],
  at: { batchNumber: number; effective: string; firstSequence: number },
) {
  const { rdfi, kind } = group[0]!;
  const codes = group.map((item) => returnTransactionCode(item.entry.transactionCode));
  const credits = codes.filter(isCreditCode).length;
  const serviceClassCode = credits === codes.length ? '220' : credits === 0 ? '225' : '200';
  const lines = [
    formatRecord(BATCH_HEADER, {
      serviceClassCode,
      companyName: file.companyName,
      companyIdentification: file.companyIdentification,
      standardEntryClassCode: kind === 'change' ? 'COR' : 'CCD',
      companyEntryDescription: file.entryDescription,
      effectiveEntryDate: at.effective,
      originatorStatusCode: '1',
      odfiIdentification: rdfi,
      batchNumber: at.batchNumber,
    }),
  ];
  const entries = group.map((item, index) => {
    const trace = rdfi + String(at.firstSequence + index).padStart(7, '0');
    const amount = kind === 'change' ? 0 : item.entry.amountCents;
    const code = codes[index]!;
    lines.push(
      formatRecord(ENTRY_DETAIL, {
        transactionCode: code,
        rdfiIdentification: file.immediateDestination.slice(0, 8),
        checkDigit: file.immediateDestination.slice(8),
        accountNumber: item.entry.accountNumber,
        amount,
        identificationNumber: item.entry.identificationNumber,
        receiverName: item.entry.receiverName,
        addendaRecordIndicator: '1',
        traceNumber: trace,
      }),
      kind === 'change' ? changeAddenda(item, trace) : returnAddenda(item, trace),
    );
    return { amount, credit: isCreditCode(code), routing: file.immediateDestination };
  });
  lines.push(
    formatRecord(BATCH_CONTROL, {
      serviceClassCode,
      ...controlFigures(entries),
      companyIdentification: file.companyIdentification,
      odfiIdentification: rdfi,
      batchNumber: at.batchNumber,
    }),
  );
  return { lines, entries };
}

function returnAddenda({ entry, response }: Planned, trace: string): string {
  return formatRecord(ADDENDA_99, {
    returnReasonCode: response.code,
    originalEntryTraceNumber: entry.traceNumber,
    dateOfDeath: response.dateOfDeath ? toYymmdd(response.dateOfDeath, 'Date of death') : '',
    originalReceivingDfiIdentification: entry.routingNumber.slice(0, 8),
    addendaInformation: response.addendaInformation ?? '',
    traceNumber: trace,
  });
}

function changeAddenda({ entry, response }: Planned, trace: string): string {
  const layout = ACH_CHANGE_CODES[response.code as keyof typeof ACH_CHANGE_CODES].correctedData;
  let correctedData: string;
  try {
    correctedData = formatCorrectedData(layout, response.correctedData ?? {});
  } catch (error) {
    throw new BankSimulatorError(`${response.code} for ${entry.traceNumber}: ${(error as Error).message}`);
  }
  return formatRecord(ADDENDA_98, {
    changeCode: response.code,
    originalEntryTraceNumber: entry.traceNumber,
    originalReceivingDfiIdentification: entry.routingNumber.slice(0, 8),
    correctedData,
    traceNumber: trace,
  });
}

function controlFigures(entries: readonly { amount: number; credit: boolean; routing: string }[]) {
  return {
    entryAddendaCount: entries.length * 2,
    entryHash: entryHashOf(entries.map((entry) => entry.routing.slice(0, 8))),
    totalDebit: entries.reduce((sum, entry) => sum + (entry.credit ? 0 : entry.amount), 0),
    totalCredit: entries.reduce((sum, entry) => sum + (entry.credit ? entry.amount : 0), 0),
  };
}

function fileControl(
  entries: readonly { amount: number; credit: boolean; routing: string }[],
  batchCount: number,
  recordCount: number,
): string {
  return formatRecord(FILE_CONTROL, {
    batchCount,
    blockCount: Math.ceil(recordCount / BLOCKING_FACTOR),
    ...controlFigures(entries),
  });
}
