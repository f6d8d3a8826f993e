import { useState } from 'react';
import { errorMessage } from 'shared-auth';
import { Button, HStack, Text, notifyError, notifySuccess } from 'shared-ui';
import { usePageCommands } from 'shared-ui/commands';
import { Progress } from 'shared-ui/display';
import { exportApprovals, type ExportProgress } from '../api/export-approvals';
import type { ApprovalListParams } from '../api/keys';

/** 'Export': downloads the current view (filters and sort, every page) as CSV, with progress. */
export function ExportButton({ filters }: { filters: Omit<ApprovalListParams, 'page' | 'limit'> }) {
  const [progress, setProgress] = useState<ExportProgress | null>(null);

  async function run() {
    setProgress({ rows: 0, total: null });
    try {
      const { rows } = await exportApprovals(filters, setProgress);
      notifySuccess(`Download started: ${rows} approval${rows === 1 ? '' : 's'}`);
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
