import {
  BANK_RETURNS_PAGE_TEXT,
  type BankFileReconciliation,
  type BankFileReconEntry,
} from 'shared-contracts';
import { Badge, Box, Heading, SimpleGrid, Stack, Text } from 'shared-ui';
import { FALLBACK, formatDate, formatDateLong, maskedAccount } from 'shared-ui/format';
import { DataTable, type DataTableColumn } from 'shared-ui/table';
import { centsToUsd, entryStatusStyle, reconciliationTotals } from '../bank-returns-model';

const TEXT = BANK_RETURNS_PAGE_TEXT.bankFiles;

/** Sent, paid, returned (and corrected): one figure each, two a row on a phone. */
export function ReconciliationTotals({ file }: { file: Parameters<typeof reconciliationTotals>[0] }) {
  const totals = reconciliationTotals(file);
  return (
    <SimpleGrid as="dl" columns={{ base: 2, md: totals.length }} gap="3" data-testid="reconciliation-totals">
      {totals.map((total) => (
        <Box key={total.key} borderWidth="1px" borderRadius="md" p="3" minW={0}>
          <Text as="dt" textStyle="sm" color="fg.muted">
            {total.label}
          </Text>
          <Text
            as="dd"
            fontSize="xl"
            fontWeight="semibold"
            color={total.palette === 'gray' ? 'fg' : `${total.palette}.fg`}
          >
            {total.value}
          </Text>
          {total.detail ? (
            <Text as="dd" textStyle="xs" color="fg.muted">
              {total.detail}
            </Text>
          ) : null}
        </Box>
      ))}
    </SimpleGrid>
  );
}

const ENTRY_COLUMNS: Array<DataTableColumn<BankFileReconEntry & { id: string }>> = [
  { key: 'billId', header: 'Bill', card: 'title' },
  { key: 'vendorName', header: 'Vendor', card: 'field' },
  {
    key: 'amountCents',
    header: 'Amount',
    align: 'end',
    card: 'field',
    render: (e) => centsToUsd(e.amountCents),
  },
  {
    key: 'status',
    header: 'Status',
    card: 'badge',
    render: (entry) => {
      const style = entryStatusStyle(entry.status);
      return (
        <Badge variant="subtle" colorPalette={style.palette} data-palette={style.palette} whiteSpace="nowrap">
          {style.label}
        </Badge>
      );
    },
  },
  {
    key: 'returnCode',
    header: 'Return or correction',
    card: 'field',
    minWidth: '14rem',
    maxWidth: 'none',
    render: (entry) =>
      entry.returnCode ? (
        <Stack gap="0">
          <Text as="span">
            {entry.returnCode} {entry.returnDescription}
          </Text>
          {entry.returnedOn ? (
            <Text as="span" textStyle="xs" color="fg.muted">
              {formatDate(entry.returnedOn)}
            </Text>
          ) : null}
        </Stack>
      ) : entry.correctionCode ? (
        `${entry.correctionCode} ${entry.correctionDescription ?? ''}`.trim()
      ) : (
        FALLBACK
      ),
  },
  {
    key: 'account',
    header: 'Account',
    card: 'field',
    render: (entry) => `${entry.routingNumber} ${maskedAccount(entry.accountLast4)}`,
  },
  {
    key: 'traceNumber',
    header: 'Trace number',
    card: 'field',
    render: (entry) => (
      <Text as="span" fontFamily="mono" textStyle="sm">
        {entry.traceNumber}
      </Text>
    ),
  },
];

/** A bank file's entries, each with its status in words and the return or correction the bank sent. */
export function ReconciliationEntries({ file }: { file: BankFileReconciliation }) {
  return (
    <DataTable
      caption={TEXT.entriesCaption}
      size="sm"
      rows={file.entries.map((entry) => ({ ...entry, id: entry.traceNumber }))}
      getRowId={(row) => row.id}
      rowLabel={(row) => `${row.billId} ${row.vendorName}`}
      columns={ENTRY_COLUMNS}
      emptyState={<Text color="fg.muted">{FALLBACK}</Text>}
    />
  );
}

/** The return files that changed an entry of this bank file, oldest first as the server gives them. */
export function ReconciliationReturnFiles({ file }: { file: BankFileReconciliation }) {
  return (
    <Stack gap="2">
      <Heading as="h3" size="sm">
        {TEXT.returnFilesTitle}
      </Heading>
      {file.returnFiles.length === 0 ? (
        <Text color="fg.muted">{TEXT.noReturnFiles}</Text>
      ) : (
        <Stack as="ul" gap="1" listStyleType="none" ps="0">
          {file.returnFiles.map((returnFile) => (
            <Text as="li" key={returnFile.id}>
              <Text as="span" fontFamily="mono" textStyle="sm" wordBreak="break-all">
                {returnFile.fileName}
              </Text>{' '}
              <Text as="span" color="fg.muted" textStyle="sm">
                {formatDateLong(returnFile.createdAt)}{' '}
                {BANK_RETURNS_PAGE_TEXT.returnFiles.uploadedBy(returnFile.uploadedBy)}
              </Text>
            </Text>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** Totals, entries and return files of one bank file: the page's body and the approval's card. */
export function ReconciliationView({ file }: { file: BankFileReconciliation }) {
  return (
    <Stack gap="5">
      <ReconciliationTotals file={file} />
      <Stack gap="2">
        <Heading as="h3" size="sm">
          {TEXT.entriesTitle}
        </Heading>
        <ReconciliationEntries file={file} />
      </Stack>
      <ReconciliationReturnFiles file={file} />
    </Stack>
  );
}
