import { filenameFromDisposition, http, readBody, saveBlob } from 'shared-auth';
import type { ApprovalListParams } from './keys';

export interface ExportProgress {
  /** Rows received so far. */
  rows: number;
  /** Rows the server said match (X-Total-Count), when it said. */
  total: number | null;
}

/**
 * GET …/approvals/export (CSV) with the list's filters and sort, read as a stream so the page can
 * show progress while it arrives, then saved under the server's file name.
 */
export async function exportApprovals(
  params: Omit<ApprovalListParams, 'page' | 'limit'>,
  onProgress: (progress: ExportProgress) => void,
): Promise<{ filename: string; rows: number }> {
  const searchParams = Object.fromEntries(
    Object.entries({ ...params, format: 'csv' }).filter(
      (entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== '',
    ),
  );
  const response = await http.get('/api/bill-approval/approvals/export', {
    searchParams,
    context: { fallbackMessage: 'Failed to export approvals' },
    // The export streams every matching row; only the wait for its first byte is timed.
    timeout: false,
  });
  const totalHeader = response.headers.get('X-Total-Count');
  const total = totalHeader === null ? null : Number(totalHeader);
  const filename = filenameFromDisposition(response.headers.get('Content-Disposition')) ?? 'approvals.csv';
  let lineBreaks = 0;
  const blob = await readBody(response, (chunk) => {
    for (const byte of chunk) if (byte === 10) lineBreaks += 1;
    onProgress({ rows: Math.max(0, lineBreaks - 1), total });
  });
  const rows = Math.max(0, lineBreaks - 1);
  onProgress({ rows, total });
  saveBlob(blob, filename);
  return { filename, rows };
}
