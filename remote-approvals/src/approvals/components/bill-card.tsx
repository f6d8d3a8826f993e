import type { Bill } from 'shared-contracts';
import { Badge, Box, DetailList, DetailRow, Flex, Stack, Text } from 'shared-ui';
import { formatDate, formatUsd } from 'shared-ui/format';
import { Table } from 'shared-ui/table';

/** One bill: vendor, amount and dates, the vendor's contact and address, and its line items. */
export function BillCard({ bill, approved }: { bill: Bill; approved: boolean }) {
  const address = [
    bill.VendorAddr?.Line1,
    bill.VendorAddr?.City,
    [bill.VendorAddr?.CountrySubDivisionCode, bill.VendorAddr?.PostalCode].filter(Boolean).join(' '),
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <Box
      as="article"
      borderWidth="1px"
      borderRadius="md"
      p="4"
      aria-label={`Bill ${bill.DocNumber ?? bill.Id}`}
    >
      <Flex justify="space-between" gap="3" wrap="wrap" mb="2">
        <Stack gap="0">
          <Text fontWeight="semibold">
            {bill.VendorRef?.name ?? bill.VendorInfo?.CompanyName ?? 'Unknown vendor'}
          </Text>
          <Text textStyle="sm" color="fg.muted">
            {bill.DocNumber ? `${bill.DocNumber} · ` : ''}Bill ID {bill.Id}
          </Text>
        </Stack>
        {/* Under the vendor on a phone (where the row wraps), at the right edge beside it otherwise. */}
        <Stack gap="0" align={{ base: 'flex-start', sm: 'flex-end' }}>
          <Text fontWeight="bold">{formatUsd(bill.TotalAmt)}</Text>
          {bill.TxnDate && (
            <Text textStyle="sm" color="fg.muted">
              Dated {formatDate(bill.TxnDate)}
            </Text>
          )}
          <Text textStyle="sm" color="fg.muted">
            Due {formatDate(bill.DueDate)}
          </Text>
          {approved && (
            <Badge colorPalette="green" size="sm">
              Approved
            </Badge>
          )}
        </Stack>
      </Flex>
      <DetailList>
        <DetailRow label="Vendor email">{bill.VendorInfo?.Email}</DetailRow>
        <DetailRow label="Vendor phone">{bill.VendorInfo?.Phone}</DetailRow>
        <DetailRow label="Address">{address}</DetailRow>
      </DetailList>
      {bill.Line && bill.Line.length > 0 && (
        <Box overflowX="auto" mt="3">
          <Table.Root size="sm">
            <Table.Caption srOnly>Line items of bill {bill.DocNumber ?? bill.Id}</Table.Caption>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Description</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Qty</Table.ColumnHeader>
                <Table.ColumnHeader>Item</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {bill.Line.map((line, index) => (
                <Table.Row key={line.Id ?? index}>
                  <Table.Cell>{line.Description ?? '—'}</Table.Cell>
                  <Table.Cell textAlign="end">{line.ItemBasedExpenseLineDetail?.Qty ?? '—'}</Table.Cell>
                  <Table.Cell>{line.ItemBasedExpenseLineDetail?.ItemRef?.name ?? '—'}</Table.Cell>
                  <Table.Cell textAlign="end">{formatUsd(line.Amount)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
    </Box>
  );
}
