import { Link as RouterLink } from 'react-router-dom';
import { BANK_RETURNS_PAGE_TEXT, BankFileListQuerySchema, type BankFileSummary } from 'shared-contracts';
import { Link, Stack, Text } from 'shared-ui';
import { formatDate } from 'shared-ui/format';
import { ListView, useListController, type DataTableColumn } from 'shared-ui/table';
import { bankFileList, type BankFileListQuery } from '../api/bank-files';
import { centsToUsd } from '../bank-returns-model';
import { BankReturnsNav } from './bank-returns-nav';
import { DownloadCsvButton } from './download-csv-button';
import { approvalLabel } from './return-file-columns';

const TEXT = BANK_RETURNS_PAGE_TEXT;

const COLUMNS: Array<DataTableColumn<BankFileSummary>> = [
  {
    key: 'batchNumber',
    header: 'Bank file',
    card: 'title',
    render: (file) => (
      <Link asChild color="blue.fg" fontWeight="medium">
        <RouterLink to={`/approvals/bank-returns/files/${file.id}`}>
          {TEXT.bankFiles.batch(file.batchNumber)}
        </RouterLink>
      </Link>
    ),
  },
  {
    key: 'companyName',
    header: 'Company and approval',
    card: 'field',
    render: (file) => (
      <Stack gap="0">
        <Text as="span">{file.companyName}</Text>
        <Link asChild color="blue.fg" textStyle="xs">
          <RouterLink to={`/approvals/${file.approvalId}`}>{approvalLabel(file.approvalId)}</RouterLink>
        </Link>
      </Stack>
    ),
  },
  {
    key: 'effectiveEntryDate',
    header: 'Settles',
    card: 'field',
    render: (file) => formatDate(file.effectiveEntryDate),
  },
  {
    key: 'sentCents',
    header: TEXT.bankFiles.totals.sent,
    align: 'end',
    card: 'field',
    render: (file) => (
      <Stack gap="0" align={{ base: 'flex-start', md: 'flex-end' }}>
        <Text as="span">{centsToUsd(file.sentCents)}</Text>
        <Text as="span" textStyle="xs" color="fg.muted">
          {TEXT.bankFiles.entryCount(file.entryCount)}
        </Text>
      </Stack>
    ),
  },
  {
    key: 'paidCents',
    header: TEXT.bankFiles.totals.paid,
    align: 'end',
    card: 'field',
    render: (file) => centsToUsd(file.paidCents),
  },
  {
    key: 'returnedCents',
    header: TEXT.bankFiles.totals.returned,
    align: 'end',
    card: 'field',
    render: (file) => (
      <Stack gap="0" align={{ base: 'flex-start', md: 'flex-end' }}>
        <Text
          as="span"
          color={file.returnedCount > 0 ? 'red.fg' : undefined}
          fontWeight={file.returnedCount > 0 ? 'semibold' : undefined}
        >
          {centsToUsd(file.returnedCents)}
        </Text>
        <Text as="span" textStyle="xs" color="fg.muted">
          {TEXT.bankFiles.entryCount(file.returnedCount)}
          {file.correctedCount > 0
            ? ` · ${file.correctedCount} ${TEXT.bankFiles.totals.corrected.toLowerCase()}`
            : ''}
        </Text>
      </Stack>
    ),
  },
];

/**
 * /approvals/bank-returns/files (MODERATOR and up): each bank file with what it sent, what was
 * paid and what came back; a file opens its entries, and its CSV downloads from the row.
 */
export function BankFilesPage() {
  const list = useListController<BankFileSummary, BankFileListQuery>({
    resource: bankFileList,
    schema: BankFileListQuerySchema,
    filters: [],
  });
  return (
    <ListView
      list={list}
      title={TEXT.title}
      description={TEXT.description}
      crumb={TEXT.tabs.bankFiles}
      refresh
      summary={<BankReturnsNav current="bankFiles" />}
      noun={TEXT.bankFiles.noun}
      caption={TEXT.bankFiles.caption}
      columns={COLUMNS}
      rowLabel={(file) => TEXT.bankFiles.batch(file.batchNumber)}
      rowActions={(file) => <DownloadCsvButton file={file} size="xs" />}
      canSelect={false}
      empty={{ title: TEXT.bankFiles.emptyTitle, description: TEXT.bankFiles.emptyDescription, action: null }}
    />
  );
}
