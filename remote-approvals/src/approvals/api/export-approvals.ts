import { http } from 'shared-auth';
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
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'approvals.csv';
  const chunks: Uint8Array[] = [];
  let lineBreaks = 0;
  const reader = response.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      for (const byte of value) if (byte === 10) lineBreaks += 1;
      onProgress({ rows: Math.max(0, lineBreaks - 1), total });
    }
  } else {
    chunks.push(new Uint8Array(await response.arrayBuffer()));
  }
  const rows = Math.max(0, lineBreaks - 1);
  onProgress({ rows, total });
  const url = URL.createObjectURL(new Blob(chunks as BlobPart[], { type: 'text/csv' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return { filename, rows };
}
