import { BANK_RETURNS_PAGE_TEXT, type BankFileSummary } from 'shared-contracts';
import { Button } from 'shared-ui';
import { useRowAction } from 'shared-ui/dialog';
import { downloadReconciliationCsv } from '../api/bank-files';

const TEXT = BANK_RETURNS_PAGE_TEXT.bankFiles;

/** 'Download CSV': the bank file's reconciliation, one line per entry. */
export function DownloadCsvButton({
  file,
  size = 'sm',
}: {
  file: Pick<BankFileSummary, 'id' | 'batchNumber'>;
  size?: 'xs' | 'sm' | 'md';
}) {
  const { busy, run } = useRowAction();
  return (
    <Button
      size={size}
      variant="outline"
      loading={busy}
      aria-label={`${TEXT.downloadCsv}: ${TEXT.batch(file.batchNumber)}`}
      onClick={() => void run(() => downloadReconciliationCsv(file), TEXT.csvStarted)}
    >
      {TEXT.downloadCsv}
    </Button>
  );
}
