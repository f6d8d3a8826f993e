import { Link as RouterLink } from 'react-router-dom';
import {
  BANK_RECONCILIATION_TEXT,
  BANK_RETURNS_PAGE_TEXT,
  type BankFileReconciliation,
} from 'shared-contracts';
import { Link, PageHeader, SectionCard, Stack } from 'shared-ui';
import { formatDate, formatDateLong } from 'shared-ui/format';
import { RecordFailurePage, recordPage, type RecordRequest } from 'shared-ui/record';
import { useBankFile } from '../api/bank-files';
import { DownloadCsvButton } from './download-csv-button';
import { ReconciliationView } from './reconciliation-view';
import { approvalLabel } from './return-file-columns';

const TEXT = BANK_RETURNS_PAGE_TEXT;
const CRUMBS = [
  { label: TEXT.title, to: '/approvals/bank-returns' },
  { label: TEXT.tabs.bankFiles, to: '/approvals/bank-returns/files' },
];

function BankFileDetail({
  record: file,
}: {
  record: BankFileReconciliation;
  request: RecordRequest<BankFileReconciliation>;
}) {
  const title = TEXT.bankFiles.batch(file.batchNumber);
  return (
    <Stack gap="6">
      <PageHeader
        title={title}
        description={
          <>
            {file.companyName} ·{' '}
            <Link asChild color="blue.fg">
              <RouterLink to={`/approvals/${file.approvalId}`}>{approvalLabel(file.approvalId)}</RouterLink>
            </Link>{' '}
            · written {formatDateLong(file.createdAt)}, settles {formatDate(file.effectiveEntryDate)}
          </>
        }
        breadcrumbs={[...CRUMBS, { label: title }]}
        actions={<DownloadCsvButton file={file} size="md" />}
      />
      <SectionCard title={TEXT.reconciliation.title} description={TEXT.reconciliation.description}>
        <ReconciliationView file={file} />
      </SectionCard>
    </Stack>
  );
}

/** /approvals/bank-returns/files/{id}: one bank file's reconciliation. */
export const BankFilePage = recordPage(useBankFile, BankFileDetail, (failure) => (
  <RecordFailurePage
    header={{ title: TEXT.tabs.bankFiles, breadcrumbs: [...CRUMBS, { label: 'Not found' }] }}
    title={failure.notFound ? BANK_RECONCILIATION_TEXT.notFound : undefined}
    message={
      failure.notFound
        ? BANK_RECONCILIATION_TEXT.notFound
        : `${TEXT.bankFiles.detailFailed}: ${failure.message}`
    }
    onRetry={failure.retry}
  />
));
