import { useState } from 'react';
import { errorMessage } from 'shared-auth';
import { REJECTION_REASON_MAX, type Approval, type QbBillPayment } from 'shared-contracts';
import { Alert, Badge, Button, Field, SectionCard, Stack, Text, notifyError, notifySuccess } from 'shared-ui';
import { ConfirmDialog } from 'shared-ui/dialog';
import { formatDateLong, formatUsd } from 'shared-ui/format';
import { Textarea } from 'shared-ui/form';
import { confirmAfterQbChanges } from '../api/mutations';

/** The warning's title, also what the browser tests look for. */
export const QB_CHANGED_TITLE = 'Changed in QuickBooks after it was decided';

/**
 * A bill of this decided approval changed (or was deleted or paid) in QuickBooks afterwards: the
 * change was not applied, the bank file is refused, and someone who may approve it decides again
 * ('Decide again': the approved amounts stand, with a reason).
 */
export function QbChangesAlert({ approval, canDecide }: { approval: Approval; canDecide: boolean }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const changes = approval.qbChangesAfterDecision ?? [];
  if (changes.length === 0) return null;

  async function confirm() {
    const trimmed = reason.trim();
    if (trimmed === '') return;
    setBusy(true);
    try {
      await confirmAfterQbChanges(approval.id, trimmed);
      notifySuccess('Decision confirmed; the approved amounts stand');
      setOpen(false);
      setReason('');
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Alert.Root status="warning" data-testid="qb-changed-warning">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{QB_CHANGED_TITLE}</Alert.Title>
        <Alert.Description>
          <Stack gap="1" mt="1">
            {changes.map((change) => (
              <Text key={change.billId}>
                Bill {change.docNumber ?? change.billId} {change.reason} on {formatDateLong(change.at)}:
                approved {change.decidedAmount === null ? '—' : formatUsd(change.decidedAmount)}, now{' '}
                {change.amountNow === null ? 'not owed in QuickBooks' : formatUsd(change.amountNow)}.
              </Text>
            ))}
            <Text>
              The change was not applied. The bank file is refused until someone decides again; deciding again
              keeps the approved amounts.
            </Text>
          </Stack>
        </Alert.Description>
        {canDecide && (
          <Button size="sm" mt="2" colorPalette="orange" onClick={() => setOpen(true)}>
            Decide again
          </Button>
        )}
      </Alert.Content>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => {
          if (!next) setReason('');
          setOpen(next);
        }}
        title="Decide again"
        description="The approved bills and amounts stand and the bank file pays them. Say why."
        confirmLabel="Keep the decision"
        pendingLabel="Saving..."
        isPending={busy}
        confirmDisabled={reason.trim() === ''}
        onConfirm={() => void confirm()}
      >
        <Field.Root required>
          <Field.Label>
            Reason <Field.RequiredIndicator />
          </Field.Label>
          <Textarea
            value={reason}
            maxLength={REJECTION_REASON_MAX}
            rows={3}
            disabled={busy}
            onChange={(event) => setReason(event.currentTarget.value)}
          />
        </Field.Root>
      </ConfirmDialog>
    </Alert.Root>
  );
}

const PAYMENT_STATUS: Record<QbBillPayment['status'], { label: string; palette: string }> = {
  created: { label: 'Recorded', palette: 'green' },
  pending: { label: 'Waiting', palette: 'yellow' },
  failed: { label: 'Failed', palette: 'red' },
};

/** 'Payment in QuickBooks': the BillPayment recorded for each paid bill, or why not yet. */
export function QbPaymentsCard({ approval }: { approval: Approval }) {
  const payments = approval.qbBillPayments ?? [];
  if (payments.length === 0) return null;
  return (
    <SectionCard
      title="Payment in QuickBooks"
      description="A BillPayment is recorded in QuickBooks for each paid bill, so it is not paid twice there."
    >
      <Stack gap="3" data-testid="qb-payments">
        {payments.map((payment) => {
          const status = PAYMENT_STATUS[payment.status];
          return (
            <Stack key={payment.billId} gap="1" borderWidth="1px" borderRadius="md" p="3">
              <Text fontWeight="semibold">
                Bill {payment.docNumber ?? payment.billId} · {formatUsd(payment.amount)} · {payment.txnDate}{' '}
                <Badge colorPalette={status.palette}>{status.label}</Badge>
              </Text>
              {payment.qbBillPaymentId && <Text>QuickBooks BillPayment {payment.qbBillPaymentId}</Text>}
              {payment.error && (
                <Text color={payment.status === 'failed' ? 'red.700' : 'orange.800'}>{payment.error}</Text>
              )}
            </Stack>
          );
        })}
      </Stack>
    </SectionCard>
  );
}
