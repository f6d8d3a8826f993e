import { useEffect, useState } from 'react';
import { APPROVAL_ERRORS, REJECTION_REASON_MAX, toCents, type Bill } from 'shared-contracts';
import { Badge, Field, Flex, Stack, Text, TruncatedText } from 'shared-ui';
import { ConfirmDialog } from 'shared-ui/dialog';
import { Checkbox, Textarea } from 'shared-ui/form';
import { formatUsd } from 'shared-ui/format';

/**
 * Approve with a checkbox per bill (all checked at first) and the total of the checked ones, so a
 * reviewer can approve part of an approval. At least one bill must stay checked. The one
 * confirmation of every approve: the detail page's button, a list row's, and the 'a' key.
 */
export function ApproveDialog({
  open,
  onOpenChange,
  bills,
  isPending,
  onApprove,
  flaggedBillIds = [],
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  bills: Bill[];
  isPending: boolean;
  /** Ids of the checked bills (undefined when every bill is checked), and the duplicate reason. */
  onApprove: (billIds: string[] | undefined, duplicateReason?: string) => void;
  /** Bills flagged as possible duplicates: approving one of them needs a reason (the API insists). */
  flaggedBillIds?: string[];
}) {
  const [checked, setChecked] = useState<Set<string>>(() => new Set(bills.map((bill) => bill.Id)));
  const [reason, setReason] = useState('');
  const [attempted, setAttempted] = useState(false);
  useEffect(() => {
    if (open) {
      setChecked(new Set(bills.map((bill) => bill.Id)));
      setReason('');
      setAttempted(false);
    }
  }, [open, bills]);
  const chosen = bills.filter((bill) => checked.has(bill.Id));
  const totalCents = chosen.reduce((sum, bill) => sum + toCents(bill.TotalAmt), 0);
  const flagged = new Set(flaggedBillIds);
  const chosenFlagged = chosen.filter((bill) => flagged.has(bill.Id));
  const needsReason = chosenFlagged.length > 0;
  const trimmed = reason.trim();

  function submit() {
    setAttempted(true);
    if (needsReason && !trimmed) return;
    onApprove(
      chosen.length === bills.length ? undefined : chosen.map((bill) => bill.Id),
      needsReason ? trimmed : undefined,
    );
  }

  function toggle(id: string, on: boolean) {
    setChecked((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Approve Bills"
      description="Choose the bills to approve. Unchecked bills are left out of this approval."
      confirmLabel={`Approve ${chosen.length} of ${bills.length}`}
      pendingLabel="Approving..."
      isPending={isPending}
      confirmDisabled={chosen.length === 0}
      onConfirm={submit}
      // Approve was chosen (a button, the 'a' key): Enter confirms it. Cancel and Escape are one step away.
      initialFocus="confirm"
    >
      <Stack gap="2" as="fieldset" aria-label="Bills to approve">
        {bills.map((bill) => (
          <Checkbox.Root
            key={bill.Id}
            checked={checked.has(bill.Id)}
            disabled={isPending}
            onCheckedChange={(details) => toggle(bill.Id, details.checked === true)}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label flex="1" minW="0">
              <Flex justify="space-between" gap="3">
                <TruncatedText lines={2}>
                  {bill.VendorRef?.name ?? 'Unknown vendor'} · {bill.DocNumber ?? bill.Id}
                  {flagged.has(bill.Id) && (
                    <Badge colorPalette="orange" size="sm" ml="2">
                      Possible duplicate
                    </Badge>
                  )}
                </TruncatedText>
                <Text as="span" fontWeight="semibold" flexShrink={0}>
                  {formatUsd(bill.TotalAmt)}
                </Text>
              </Flex>
            </Checkbox.Label>
          </Checkbox.Root>
        ))}
        <Flex justify="space-between" borderTopWidth="1px" pt="2" mt="1">
          <Text fontWeight="semibold">Approved total</Text>
          <Text fontWeight="bold" data-testid="approved-total">
            {formatUsd(totalCents / 100)}
          </Text>
        </Flex>
        {needsReason && (
          <Field.Root required invalid={attempted && !trimmed} mt="2">
            <Field.Label>
              Reason for approving a possible duplicate <Field.RequiredIndicator />
            </Field.Label>
            <Textarea
              value={reason}
              maxLength={REJECTION_REASON_MAX}
              rows={3}
              disabled={isPending}
              onChange={(event) => setReason(event.currentTarget.value)}
            />
            <Field.HelperText>
              {attempted && !trimmed ? (
                <Text as="span" color="fg.error" fontWeight="medium">
                  {APPROVAL_ERRORS.duplicateReasonRequired(
                    chosenFlagged.map((bill) => bill.DocNumber || bill.Id),
                  )}
                </Text>
              ) : (
                'Recorded in the approval history with your decision.'
              )}
            </Field.HelperText>
          </Field.Root>
        )}
      </Stack>
    </ConfirmDialog>
  );
}
