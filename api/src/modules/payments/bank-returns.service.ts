/**
 * Applying a return file: what the receiving banks sent back about the console's payments. The
 * whole file is read first (the strict parser refuses a malformed one with its line and field),
 * then applied in ONE transaction: each return is matched by its original trace number to the
 * entry the console wrote and checked against its amount and receiving bank; a line that matches
 * nothing, or disagrees, is listed and changes nothing. A matched return marks the entry RETURNED,
 * releases the bill's paid-bill lock (only a NEW approval pays it again: nothing is re-queued),
 * moves the approval to PAYMENT_RETURNED or PAYMENT_PARTLY_RETURNED, and, for the codes that say
 * the account is unusable, blocks the vendor's account until it is changed and confirmed.
 * Notifications of change in the same file are applied in the same transaction
 * (bank-corrections.service.ts).
 */
import { createHash } from 'node:crypto';
import {
  ACCOUNT_BLOCKING_RETURN_CODES,
  BANK_RETURN_ERRORS,
  BANK_RETURN_TEXT,
  ERROR_CODES,
  type BankReturnFile,
  type BankReturnLine,
  type BankReturnUpload,
} from 'shared-contracts';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/client';
import { isUniqueViolation, retryOnConflict } from '../../db/errors';
import type { BankFileEntryRow, BankReturnFileRow, UserRow } from '../../db/schema';
import { HttpError } from '../../http/http-error';
import { NachaReturnFileError, parseReturnFile, type ReturnEntry } from '../../payments/nacha-returns';
import { personName } from 'shared-contracts';
import { recordActivity } from '../activity/activity.service';
import { applyCorrections, checkCorrectedData, type ChangeLine } from './bank-corrections.service';
import { lockApproval, shortId } from './bank-files.service';
import {
  blockVendorAccount,
  entryCountsOf,
  findReturnFileBySha,
  finishReturnFile,
  insertReturnFile,
  listReturnFiles,
  lockEntriesByTrace,
  markEntryReturned,
  releasePaidBill,
  returnFileNames,
  setReturnedStatus,
} from './bank-returns.repository';

const usd = (cents: number) =>
  (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

/** YYMMDD of the return batch → 'YYYY-MM-DD' (ACH dates are of this century). */
const isoDate = (yymmdd: string) => `20${yymmdd.slice(0, 2)}-${yymmdd.slice(2, 4)}-${yymmdd.slice(4, 6)}`;

export function toBankReturnFile(row: BankReturnFileRow): BankReturnFile {
  return {
    id: row.id,
    fileName: row.fileName,
    sha256: row.sha256,
    byteSize: row.byteSize,
    matchedCount: row.matchedCount,
    correctedCount: row.lines.filter((line) => line.outcome === 'CORRECTED').length,
    unmatchedCount: row.unmatchedCount,
    mismatchCount: row.mismatchCount,
    uploadedBy: row.uploadedByName,
    createdAt: row.createdAt.toISOString(),
    lines: row.lines,
  };
}

/** A return of the file, with the date the bank returned it. */
interface ReturnLine {
  entry: ReturnEntry;
  returnedOn: string;
}

/** What the file asks: its returns and its notifications of change, each with its batch's date. */
interface FileLines {
  returns: ReturnLine[];
  changes: ChangeLine[];
}

/**
 * Reads the whole file or refuses it (400 naming the line and field), also when a notification of
 * change corrects an account to something no account of the console can be.
 */
function readReturns(bytes: Buffer): FileLines {
  if (bytes.length === 0) throw new HttpError(400, ERROR_CODES.validation, BANK_RETURN_ERRORS.empty);
  let parsed;
  try {
    // latin1 keeps one character per byte: a byte outside ASCII is named by the parser's check.
    parsed = parseReturnFile(bytes.toString('latin1'));
  } catch (error) {
    if (!(error instanceof NachaReturnFileError)) throw error;
    throw new HttpError(
      400,
      ERROR_CODES.validation,
      BANK_RETURN_ERRORS.notReturnFile(error.line, error.field, error.reason),
      { file: `line ${error.line}, ${error.field}: ${error.reason}` },
    );
  }
  const returns: ReturnLine[] = [];
  const changes: ChangeLine[] = [];
  for (const batch of parsed.batches) {
    const on = isoDate(batch.effectiveEntryDate);
    if (batch.kind === 'return') {
      returns.push(...batch.entries.map((entry) => ({ entry, returnedOn: on })));
    } else {
      for (const entry of batch.entries) checkCorrectedData(entry);
      changes.push(...batch.entries.map((entry) => ({ entry, correctedOn: on })));
    }
  }
  return { returns, changes };
}

/**
 * ADMIN uploads a return file. The same bytes again (also sent at the same moment) change nothing
 * and answer the file as it was applied, with `alreadyApplied`.
 */
export async function applyReturnFile(
  deps: Pick<AppDeps, 'db' | 'config'>,
  actor: UserRow,
  upload: { fileName: string; bytes: Buffer },
): Promise<BankReturnUpload> {
  const lines = readReturns(upload.bytes);
  const sha256 = createHash('sha256').update(upload.bytes).digest('hex');
  const already = async (): Promise<BankReturnUpload | null> => {
    const row = await findReturnFileBySha(deps.db, sha256);
    return row
      ? { alreadyApplied: true, message: BANK_RETURN_TEXT.alreadyApplied, file: toBankReturnFile(row) }
      : null;
  };
  const before = await already();
  if (before) return before;
  try {
    // Returns move approvals on the status counters an import's pages write: an upload the database
    // rolls back to break a deadlock is applied again (all of it is database work).
    const row = await retryOnConflict(() =>
      deps.db.transaction(async (tx) => {
        const fileId = await insertReturnFile(tx, {
          sha256,
          fileName: upload.fileName,
          byteSize: upload.bytes.length,
          uploadedById: actor.id,
          uploadedByName: personName(actor),
        });
        return applyReturns(tx, deps, actor, { id: fileId, fileName: upload.fileName }, lines);
      }),
    );
    const file = toBankReturnFile(row);
    return {
      alreadyApplied: false,
      message: BANK_RETURN_TEXT.applied(
        file.matchedCount,
        file.unmatchedCount,
        file.mismatchCount,
        file.correctedCount,
      ),
      file,
    };
  } catch (error) {
    // A concurrent upload of the same bytes committed first: its outcome is this one's.
    if (isUniqueViolation(error)) {
      const after = await already();
      if (after) return after;
    }
    throw error;
  }
}

interface ReturnFileRef {
  id: number;
  fileName: string;
}

/** Inside the upload's transaction: match, apply and list every line; then the file's row. */
async function applyReturns(
  tx: Db,
  deps: Pick<AppDeps, 'config'>,
  actor: UserRow,
  file: ReturnFileRef,
  { returns, changes }: FileLines,
): Promise<BankReturnFileRow> {
  const traces = [
    ...new Set([
      ...returns.map((item) => item.entry.return.originalTraceNumber),
      ...changes.map((item) => item.entry.change.originalTraceNumber),
    ]),
  ];
  const entries = new Map((await lockEntriesByTrace(tx, traces)).map((entry) => [entry.traceNumber, entry]));
  const earlier = await returnFileNames(tx, [
    ...new Set([...entries.values()].flatMap((entry) => (entry.returnFileId ? [entry.returnFileId] : []))),
  ]);
  const lines: BankReturnLine[] = [];
  const returned: Array<{ entry: BankFileEntryRow; item: ReturnLine }> = [];
  for (const item of returns) {
    const { entry: line } = item;
    const entry = entries.get(line.return.originalTraceNumber);
    const base: BankReturnLine = {
      line: line.line,
      originalTraceNumber: line.return.originalTraceNumber,
      code: line.return.code,
      description: line.return.description,
      amountCents: line.amountCents,
      routingNumber: line.return.originalReceivingDfiIdentification,
      outcome: 'UNMATCHED',
      reason: BANK_RETURN_TEXT.unmatched,
      approvalId: entry?.approvalId ?? null,
      billId: entry?.billId ?? null,
      vendorName: entry?.vendorName ?? null,
      correctedData: null,
    };
    if (!entry) {
      lines.push(base);
      continue;
    }
    if (entry.status === 'RETURNED' || returned.some((done) => done.entry.id === entry.id)) {
      const by = entry.returnFileId ? (earlier.get(entry.returnFileId) ?? '') : file.fileName;
      lines.push({ ...base, reason: BANK_RETURN_TEXT.alreadyReturned(by) });
      continue;
    }
    const disagreements = [
      line.amountCents !== entry.amountCents
        ? `amount ${usd(line.amountCents)}, sent ${usd(entry.amountCents)}`
        : null,
      line.return.originalReceivingDfiIdentification !== entry.routingNumber.slice(0, 8)
        ? `receiving bank ${line.return.originalReceivingDfiIdentification}, sent to ${entry.routingNumber.slice(0, 8)}`
        : null,
    ].filter((text): text is string => text !== null);
    if (disagreements.length > 0) {
      lines.push({
        ...base,
        outcome: 'MISMATCH',
        reason: BANK_RETURN_TEXT.mismatch(disagreements.join('; ')),
      });
      continue;
    }
    lines.push({ ...base, outcome: 'RETURNED', reason: null });
    returned.push({ entry, item });
  }
  await applyMatched(tx, actor, file, returned);
  // The NOCs after the returns: a vendor's account blocked by a return in this file is then
  // changed by its NOC above the blocked version, and still waits for a second person.
  lines.push(...(await applyCorrections(tx, deps, actor, file, changes, entries)));
  lines.sort((a, b) => a.line - b.line);
  const row = await finishReturnFile(tx, file.id, lines);
  const corrected = lines.filter((line) => line.outcome === 'CORRECTED').length;
  await recordActivity(tx, actor, 'bank_return', file.id, {
    action: 'payments.bank_return_applied',
    description: `${personName(actor)} applied return file ${file.fileName}: ${BANK_RETURN_TEXT.applied(row.matchedCount, row.unmatchedCount, row.mismatchCount, corrected)}`,
    details: {
      fileName: file.fileName,
      matched: row.matchedCount,
      corrected,
      unmatched: row.unmatchedCount,
      mismatch: row.mismatchCount,
    },
  });
  return row;
}

/** Each matched return: entry, paid-bill lock, blocked account, then each approval once. */
async function applyMatched(
  tx: Db,
  actor: UserRow,
  file: ReturnFileRef,
  returned: Array<{ entry: BankFileEntryRow; item: ReturnLine }>,
): Promise<void> {
  const byApproval = new Map<string, Array<{ entry: BankFileEntryRow; item: ReturnLine }>>();
  for (const match of returned) {
    byApproval.set(match.entry.approvalId, [...(byApproval.get(match.entry.approvalId) ?? []), match]);
  }
  // Approvals in id order, so two return files touching the same approvals lock them alike.
  for (const approvalId of [...byApproval.keys()].sort()) {
    const row = await lockApproval(tx, approvalId);
    const matches = byApproval.get(approvalId)!;
    for (const { entry, item } of matches) {
      const { code, description } = item.entry.return;
      await markEntryReturned(tx, entry.id, {
        code,
        description,
        returnedOn: item.returnedOn,
        returnFileId: file.id,
      });
      await releasePaidBill(tx, entry);
      if (ACCOUNT_BLOCKING_RETURN_CODES.has(code)) {
        const blocked = await blockVendorAccount(tx, entry, code);
        if (blocked) {
          await recordActivity(tx, actor, 'company', entry.companyId, {
            action: 'payments.vendor_account_blocked',
            description: `The bank account of ${entry.vendorName} is blocked after return ${code} (${description}): it is paid again only once changed and confirmed by a second person`,
            details: { vendorRef: entry.vendorRef, accountId: blocked.id, version: blocked.version, code },
          });
        }
      }
    }
    const counts = await entryCountsOf(tx, approvalId);
    const status = counts.returned >= counts.total ? 'PAYMENT_RETURNED' : 'PAYMENT_PARTLY_RETURNED';
    await setReturnedStatus(tx, approvalId, status);
    for (const { entry, item } of matches) {
      const { code, description } = item.entry.return;
      await recordActivity(tx, actor, 'approval', approvalId, {
        action: 'approval.payment_returned',
        status,
        description: `Returned: ${code} ${description} — ${usd(entry.amountCents)} to ${entry.vendorName} (bill ${entry.billId}, approval #${shortId(approvalId)}); the bill is paid again only through a new approval`,
        details: {
          from: row.status,
          to: status,
          code,
          description,
          billId: entry.billId,
          amountCents: entry.amountCents,
          vendorName: entry.vendorName,
          traceNumber: entry.traceNumber,
          returnedOn: item.returnedOn,
          returnFile: file.fileName,
          accountBlocked: ACCOUNT_BLOCKING_RETURN_CODES.has(code),
        },
      });
    }
  }
}

/** MODERATOR and up: the return files applied, newest first, each with its lines. */
export async function getReturnFiles(db: Db, page: number, limit: number) {
  const { rows, total } = await listReturnFiles(db, page, limit);
  return { rows: rows.map(toBankReturnFile), total };
}
