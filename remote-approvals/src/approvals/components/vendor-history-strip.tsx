import { VENDOR_HISTORY_TEXT, type Approval, type VendorHistoryEntry } from 'shared-contracts';
import { Box, SectionCard, Stack, Text } from 'shared-ui';
import { RequestState } from 'shared-ui/record';
import { useVendorHistory } from '../api/get-vendor-history';
import { accountChangeWarning, paymentsLine } from './vendor-history-lines';

/**
 * Beside the bills: for each vendor, what it was paid before and its typical amount, and a
 * warning when its bank account changed lately (a changed account just before a payment is the
 * classic sign of a redirected one). The approver weighs the payment against both.
 */
export function VendorHistoryStrip({ approval }: { approval: Approval }) {
  const history = useVendorHistory(approval.id);
  return (
    <SectionCard title={VENDOR_HISTORY_TEXT.title} description={VENDOR_HISTORY_TEXT.description}>
      <RequestState request={history}>
        {({ vendors }) => (
          <Stack as="ul" gap="2" listStyleType="none" ps="0">
            {vendors.map((entry) => (
              <VendorHistoryRow key={entry.vendorRef} entry={entry} />
            ))}
          </Stack>
        )}
      </RequestState>
    </SectionCard>
  );
}

function VendorHistoryRow({ entry }: { entry: VendorHistoryEntry }) {
  const warning = accountChangeWarning(entry);
  return (
    <Box as="li" textStyle="sm">
      <Text as="span" fontWeight="semibold">
        {entry.vendorName}
      </Text>
      <Text color="fg.muted">{paymentsLine(entry)}</Text>
      {warning ? (
        <Text color={warning.color} fontWeight="medium">
          {warning.text}
        </Text>
      ) : null}
    </Box>
  );
}
