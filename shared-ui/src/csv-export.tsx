// 'Export' of a list page: every row of the current view (filters and sort, every page) as the CSV
// the API streams, read with progress, then saved under the server's file name.
import { Button, HStack, Progress, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { errorMessage, filenameFromDisposition, http, readBody, saveBlob } from 'shared-auth';
import { notifyError, notifySuccess } from './toaster';
import { usePageCommands } from './page-commands';

/** How far an export has come. */
export interface ExportProgress {
  /** Rows received so far. */
  rows: number;
  /** Rows the server said match (X-Total-Count), when it said. */
  total: number | null;
}

/** The filters an export sends: '' and undefined ones are left out. */
type ExportParams = Record<string, string | number | boolean | undefined>;

/**
 * GET `path` (a streamed CSV) with `params`, read as a stream so the page can show progress while
 * it arrives, then saved under the server's file name (`fallbackName` when it gives none).
 * @example await exportCsv('/api/audit/export', list.filterRequest, 'audit-log.csv', 'Failed to export the audit log', setProgress)
 */
export async function exportCsv(
  path: string,
  params: ExportParams,
  fallbackName: string,
  fallbackMessage: string,
  onProgress: (progress: ExportProgress) => void,
): Promise<{ filename: string; rows: number }> {
  const searchParams = Object.fromEntries(
    Object.entries(params)
      .filter(
        (entry): entry is [string, string | number | boolean] => entry[1] !== undefined && entry[1] !== '',
      )
      .map(([key, value]) => [key, String(value)]),
  );
  const response = await http.get(path, {
    searchParams,
    context: { fallbackMessage },
    // The export streams every matching row; only the wait for its first byte is timed.
    timeout: false,
  });
  const totalHeader = response.headers.get('X-Total-Count');
  const total = totalHeader === null ? null : Number(totalHeader);
  const filename = filenameFromDisposition(response.headers.get('Content-Disposition')) ?? fallbackName;
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

/** Props of CsvExportButton. */
export interface CsvExportButtonProps {
  /** The API's export path, e.g. '/api/audit/export'. */
  path: string;
  /** The view's filters (a list controller's `filterRequest`). */
  params: ExportParams;
  /** The rows' noun for the notice, e.g. { one: 'entry', other: 'entries' }. */
  noun: { one: string; other: string };
  fallbackName: string;
  fallbackMessage: string;
}

/**
 * 'Export': downloads the current view as CSV, with progress beside the button.
 * @example <CsvExportButton path="/api/audit/export" params={list.filterRequest} noun={{ one: 'entry', other: 'entries' }} fallbackName="audit-log.csv" fallbackMessage="Failed to export the audit log" />
 */
export function CsvExportButton({ path, params, noun, fallbackName, fallbackMessage }: CsvExportButtonProps) {
  const [progress, setProgress] = useState<ExportProgress | null>(null);

  async function run() {
    setProgress({ rows: 0, total: null });
    try {
      const { rows } = await exportCsv(path, params, fallbackName, fallbackMessage, setProgress);
      notifySuccess(`Download started: ${rows} ${rows === 1 ? noun.one : noun.other}`);
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setProgress(null);
    }
  }

  // The same export from the command palette, while the button is on screen.
  usePageCommands([
    {
      id: 'export',
      label: 'Export',
      keywords: ['download', 'csv'],
      run: () => void (progress === null && run()),
    },
  ]);

  const percent =
    progress?.total && progress.total > 0
      ? Math.min(100, Math.round((progress.rows / progress.total) * 100))
      : null;
  return (
    <HStack gap="2">
      <Button
        variant="outline"
        loading={progress !== null}
        loadingText="Exporting..."
        onClick={() => void run()}
      >
        Export
      </Button>
      {progress && (
        <HStack gap="2" role="status" aria-live="polite" minW="10rem">
          <Progress.Root value={percent} size="sm" width="6rem" aria-label="Export progress">
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
          <Text textStyle="xs" color="fg.muted">
            {progress.rows}
            {progress.total !== null ? ` of ${progress.total}` : ''} rows
          </Text>
        </HStack>
      )}
    </HStack>
  );
}
