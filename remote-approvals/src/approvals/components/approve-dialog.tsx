import { useEffect, useState } from 'react';
import { toCents, type Bill } from 'shared-contracts';
import { Flex, Stack, Text, TruncatedText } from 'shared-ui';
import { ConfirmDialog } from 'shared-ui/dialog';
import { Checkbox } from 'shared-ui/form';
import { formatUsd } from 'shared-ui/format';

/**
 * Approve with a checkbox per bill (all checked at first) and the total of the checked ones, so a
 * reviewer can approve part of an approval. At least one bill must stay checked.
 */
export function ApproveDialog({
  open,
  onOpenChange,
  bills,
  isPending,
  onApprove,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  bills: Bill[];
  isPending: boolean;
  /** Ids of the checked bills; undefined when every bill is checked. */
  onApprove: (billIds: string[] | undefined) => void;
}) {
  const [checked, setChecked] = useState<Set<string>>(() => new Set(bills.map((bill) => bill.Id)));
  useEffect(() => {
    if (open) setChecked(new Set(bills.map((bill) => bill.Id)));
  }, [open, bills]);
  const chosen = bills.filter((bill) => checked.has(bill.Id));
  const totalCents = chosen.reduce((sum, bill) => sum + toCents(bill.TotalAmt), 0);

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
      onConfirm={() => onApprove(chosen.length === bills.length ? undefined : chosen.map((bill) => bill.Id))}
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
      </Stack>
    </ConfirmDialog>
  );
}
