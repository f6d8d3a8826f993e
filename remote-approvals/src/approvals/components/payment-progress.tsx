// Where an approved approval's money is, at the top of its page: a stepper (Approved → File
// generated → Uploaded → Paid) and the next step as the primary action, so the person who moves
// payments on does not look for it further down the page.
import type { Approval, ApprovalStatus } from 'shared-contracts';
import { Box, Button, HStack, Text } from 'shared-ui';
import { DownloadNachaButton, useBankFileCommands } from './bank-file-commands';

export const PAYMENT_STEPS = ['Approved', 'File generated', 'Uploaded', 'Paid'] as const;

/** The last payment step done (0 = approved … 3 = paid), or null before the approval is approved. */
export function paymentStepDone(status: ApprovalStatus): number | null {
  switch (status) {
    case 'APPROVED':
    case 'NACHA_PENDING':
      return 0;
    case 'NACHA_GENERATED':
      return 1;
    case 'BANK_UPLOADED':
      return 2;
    case 'PAYMENT_COMPLETED':
    case 'PAYMENT_PARTLY_RETURNED':
    case 'PAYMENT_RETURNED':
      return 3;
    default:
      return null;
  }
}

/** The stepper; nothing before approval. A returned payment marks its last step in red. */
export function PaymentStepper({ approval }: { approval: Approval }) {
  const done = paymentStepDone(approval.status);
  if (done === null) return null;
  const returned = approval.status === 'PAYMENT_RETURNED' || approval.status === 'PAYMENT_PARTLY_RETURNED';
  return (
    // Spans with list roles: the header's description is a paragraph, which may not hold an <ol>.
    <Box
      as="span"
      role="list"
      aria-label="Payment progress"
      display="flex"
      flexWrap="wrap"
      gap="2"
      mt="2"
      listStyleType="none"
    >
      {PAYMENT_STEPS.map((label, index) => {
        const complete = index <= done;
        const current = index === done + 1;
        const palette = returned && index === 3 ? 'red' : complete ? 'green' : 'gray';
        return (
          <HStack
            as="span"
            role="listitem"
            key={label}
            gap="1.5"
            aria-current={current ? 'step' : undefined}
            data-complete={complete ? '' : undefined}
          >
            <Box
              as="span"
              aria-hidden
              boxSize="5"
              borderRadius="full"
              display="inline-flex"
              alignItems="center"
              justifyContent="center"
              fontSize="xs"
              fontWeight="bold"
              bg={complete ? `${palette}.solid` : 'transparent'}
              color={complete ? `${palette}.contrast` : 'fg.muted'}
              borderWidth={complete ? '0' : '1px'}
              borderColor={current ? 'blue.solid' : 'border'}
            >
              {complete ? (returned && index === 3 ? '!' : '✓') : index + 1}
            </Box>
            <Text
              as="span"
              fontSize="sm"
              color={complete || current ? 'fg' : 'fg.muted'}
              fontWeight={current ? 'semibold' : 'normal'}
            >
              {returned && index === 3 ? 'Paid, then returned' : label}
            </Text>
            {index < PAYMENT_STEPS.length - 1 && (
              <Text as="span" aria-hidden color="fg.subtle" px="1">
                →
              </Text>
            )}
          </HStack>
        );
      })}
    </Box>
  );
}

/**
 * The next payment step as the header's primary action, for whoever may take it (the NACHA card
 * below does not offer it again). While the file waits to be uploaded, its download beside it.
 */
export function NextPaymentAction({ approval, size }: { approval: Approval; size?: 'sm' | 'md' }) {
  const commands = useBankFileCommands(approval);
  const { can, busy, generate, setConfirming, confirmDialog } = commands;
  return (
    <>
      {can.generate && (
        <Button
          size={size}
          colorPalette="blue"
          loading={busy === 'generate'}
          loadingText="Generating..."
          onClick={generate}
        >
          Generate bank file
        </Button>
      )}
      {can.markUploaded && (
        <Button size={size} colorPalette="blue" onClick={() => setConfirming('uploaded')}>
          Mark uploaded
        </Button>
      )}
      {approval.status === 'NACHA_GENERATED' && can.download && (
        <DownloadNachaButton commands={commands} size={size} />
      )}
      {can.markPaid && (
        <Button size={size} colorPalette="blue" onClick={() => setConfirming('paid')}>
          Mark paid
        </Button>
      )}
      {confirmDialog}
    </>
  );
}
