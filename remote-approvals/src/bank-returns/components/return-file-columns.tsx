import { Link as RouterLink } from 'react-router-dom';
import { BANK_RETURNS_PAGE_TEXT, type BankReturnFile, type BankReturnLine } from 'shared-contracts';
import { Badge, Box, Link, Stack, Text } from 'shared-ui';
import { formatDateLong } from 'shared-ui/format';
import type { DataTableColumn } from 'shared-ui/table';
import { centsToUsd, outcomeStyle } from '../bank-returns-model';

const TEXT = BANK_RETURNS_PAGE_TEXT.returnFiles;

/** An approval named by the first block of its id, as its page's header does. */
export const approvalLabel = (approvalId: string) => `Approval ${approvalId.slice(0, 8)}`;

function ReturnLine({ line }: { line: BankReturnLine }) {
  const style = outcomeStyle(line.outcome);
  return (
    <Box as="li" borderTopWidth="1px" pt="2" _first={{ borderTopWidth: 0, pt: 0 }}>
      <Stack gap="0.5">
        <Text as="span" display="flex" gap="2" flexWrap="wrap" alignItems="center">
          <Badge variant="subtle" colorPalette={style.palette} data-palette={style.palette}>
            {style.label}
          </Badge>
          <Text as="span" fontWeight="medium">
            {line.code} {line.description}
          </Text>
        </Text>
        <Text as="span" textStyle="sm">
          {centsToUsd(line.amountCents)}
          {line.vendorName ? ` to ${line.vendorName}` : ''}
          {line.billId ? ` · bill ${line.billId}` : ''}
          {line.approvalId ? (
            <>
              {' · '}
              <Link asChild color="blue.fg">
                <RouterLink to={`/approvals/${line.approvalId}`}>{approvalLabel(line.approvalId)}</RouterLink>
              </Link>
            </>
          ) : null}
        </Text>
        {line.correctedData ? (
          <Text as="span" textStyle="sm">
            {TEXT.correctedData(line.correctedData)}
          </Text>
        ) : null}
        {line.reason ? (
          <Text as="span" textStyle="xs" color="fg.muted">
            {line.reason}
          </Text>
        ) : null}
      </Stack>
    </Box>
  );
}

// On a phone each file is a card: its name as the title, the rest as labelled fields.
export const RETURN_FILE_COLUMNS: Array<DataTableColumn<BankReturnFile>> = [
  {
    key: 'fileName',
    header: 'File',
    card: 'title',
    render: (file) => (
      <Text as="span" fontFamily="mono" textStyle="sm" wordBreak="break-all">
        {file.fileName}
      </Text>
    ),
  },
  {
    key: 'createdAt',
    header: 'Applied',
    card: 'field',
    maxWidth: 'none',
    render: (file) => (
      <Stack gap="0">
        <Text as="span">{formatDateLong(file.createdAt)}</Text>
        <Text as="span" textStyle="xs" color="fg.muted">
          {TEXT.uploadedBy(file.uploadedBy)}
        </Text>
      </Stack>
    ),
  },
  {
    key: 'counts',
    header: 'Outcome',
    card: 'field',
    maxWidth: 'none',
    render: (file) =>
      TEXT.counts(file.matchedCount, file.unmatchedCount, file.mismatchCount, file.correctedCount),
  },
  {
    key: 'lines',
    header: 'Lines',
    card: 'field',
    minWidth: '22rem',
    maxWidth: 'none',
    render: (file) =>
      file.lines.length === 0 ? (
        TEXT.noLines
      ) : (
        <Stack as="ul" gap="2" listStyleType="none" ps="0" minW={0}>
          {file.lines.map((line) => (
            <ReturnLine key={line.line} line={line} />
          ))}
        </Stack>
      ),
  },
];
