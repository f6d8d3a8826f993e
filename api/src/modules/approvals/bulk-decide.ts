// Bulk approve and reject: one runner for both, each id decided on its own.
import {
  APPROVAL_ERRORS,
  ERROR_CODES,
  isApprovalId,
  type Approval,
  type ApprovalStatus,
  type BulkOutcome,
  type BulkResult,
} from 'shared-contracts';
import { HttpError } from '../../http/http-error';

/**
 * Bulk decisions: each id in its own transaction under the single call's rules, one result per
 * id (a failure never stops the others).
 */
export async function bulkDecide(
  ids: string[],
  decide: (id: string) => Promise<Approval>,
): Promise<BulkOutcome> {
  const results: BulkResult[] = [];
  for (const id of ids) {
    if (!isApprovalId(id)) {
      results.push({
        id,
        success: false,
        status: null,
        error: APPROVAL_ERRORS.invalidId,
        code: ERROR_CODES.validation,
      });
      continue;
    }
    try {
      const approval = await decide(id);
      results.push({ id, success: true, status: approval.status, error: null, code: null });
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      const status = (error.details?.status as ApprovalStatus | undefined) ?? null;
      results.push({ id, success: false, status, error: error.message, code: error.code });
    }
  }
  const succeeded = results.filter((result) => result.success).length;
  return { succeeded, failed: results.length - succeeded, results };
}
