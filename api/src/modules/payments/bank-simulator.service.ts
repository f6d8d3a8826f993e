/**
 * The demo's bank (BANK_SIMULATOR=on): an ADMIN has the bank return some bills of an approval's
 * bank file. The bank simulator writes the return file the receiving banks would send, and it is
 * applied by the one function an uploaded return file goes through, so the demo shows exactly what
 * a real return does. Off (the default), the routes answer 404 as if they did not exist.
 */
import {
  APPROVAL_ERRORS,
  BANK_SIMULATOR_TEXT,
  DATE_OF_DEATH_RETURN_CODES,
  ERROR_CODES,
  isAchReturnCode,
  type BankReturnUpload,
  type SimulateReturnBody,
} from 'shared-contracts';
import type { AppDeps } from '../../app-deps';
import type { UserRow } from '../../db/schema';
import { HttpError, notFound } from '../../http/http-error';
import { shortId } from './bank-files.service';
import { findApproval, findBankFileOf } from './bank-files.repository';
import { entriesOfBills } from './bank-reconciliation.repository';

/**
 * The bank returns these bills of the approval's file; `apply` is the upload route's own function
 * (the flow that also takes the returned payments back in QuickBooks), so nothing differs.
 */
export async function simulateReturn<Deps extends AppDeps>(
  deps: Deps,
  actor: UserRow,
  approvalId: string,
  body: SimulateReturnBody,
  apply: (
    deps: Deps,
    actor: UserRow,
    upload: { fileName: string; bytes: Buffer },
  ) => Promise<BankReturnUpload>,
): Promise<BankReturnUpload> {
  if (!deps.config.bankSimulator) throw notFound();
  if (!(await findApproval(deps.db, approvalId))) throw notFound(APPROVAL_ERRORS.notFound);
  const file = await findBankFileOf(deps.db, approvalId);
  if (!file) throw new HttpError(409, ERROR_CODES.conflict, BANK_SIMULATOR_TEXT.noBankFile);
  const billIds = [...new Set(body.billIds)];
  const entries = await entriesOfBills(deps.db, approvalId, billIds);
  const missing = billIds.filter((billId) => !entries.some((entry) => entry.billId === billId));
  if (missing.length > 0) {
    const message = BANK_SIMULATOR_TEXT.notInFile(missing);
    throw new HttpError(400, ERROR_CODES.validation, message, { billIds: message });
  }
  // Loaded only when used: the simulator is the demo's, built on the API's own record layouts.
  const { simulateBankResponse } = await import('../../../../bank-simulator/src/index');
  const today = new Date().toISOString().slice(0, 10);
  const deathDate = isAchReturnCode(body.code) && DATE_OF_DEATH_RETURN_CODES.has(body.code);
  const text = simulateBankResponse(
    file.content,
    entries.map((entry) => ({
      traceNumber: entry.traceNumber,
      code: body.code,
      ...(deathDate ? { dateOfDeath: today } : {}),
    })),
  );
  return apply(deps, actor, {
    fileName: BANK_SIMULATOR_TEXT.fileName(shortId(approvalId), body.code),
    bytes: Buffer.from(text, 'latin1'),
  });
}
