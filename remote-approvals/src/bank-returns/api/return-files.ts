// The return files the bank sent back: GET /api/bank-returns (MODERATOR and up), one page, newest
// first; POST /api/bank-returns (ADMIN, fresh second factor) applies one. Applying a file changes
// approvals, bank files and vendor accounts, so it re-reads all of them.
import { api } from 'shared-auth';
import { BANK_RETURNS_PAGE_TEXT, type BankReturnFile, type BankReturnUpload } from 'shared-contracts';
import { listResource } from 'shared-ui/table';
import { revalidateApprovals } from '../../approvals/api/keys';
import { revalidateBankFiles } from './bank-files';

/** GET /api/bank-returns: page and limit only. */
export interface ReturnFileListQuery {
  page: number;
  limit: number;
}

/** The applied return files, each with its lines. */
export const returnFileList = listResource<BankReturnFile, ReturnFileListQuery>({
  section: 'bank-returns',
  path: '/api/bank-returns',
  fallbackMessage: BANK_RETURNS_PAGE_TEXT.returnFiles.fetchFailed,
  // A file applied from another tab or by someone else moves approvals: their events re-read it.
  entities: ['approval'],
});

/** Everything a return file can change: the files, the bank files, the approvals, the accounts. */
export async function revalidateAfterReturn(approvalId?: string): Promise<void> {
  await Promise.all([returnFileList.revalidate(), revalidateBankFiles(), revalidateApprovals(approvalId)]);
}

/**
 * POST /api/bank-returns?fileName=…: the file itself as the body (text/plain). A refusal for want
 * of a fresh second factor asks for one in the layout's dialog and sends the file again.
 */
export async function uploadReturnFile(fileName: string, text: string): Promise<BankReturnUpload> {
  try {
    return await api.postText<BankReturnUpload>('/api/bank-returns', text, {
      searchParams: { fileName },
      fallbackMessage: BANK_RETURNS_PAGE_TEXT.upload.failed,
    });
  } finally {
    await revalidateAfterReturn();
  }
}
