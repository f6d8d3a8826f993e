import { useState } from 'react';
import { useCanAdminister } from 'shared-auth';
import {
  REJECTION_REASON_MAX,
  type Approval,
  type QbBillPayment,
  type QbBillPaymentDeletion,
} from 'shared-contracts';
import { Alert, Badge, Button, Field, HStack, SectionCard, Stack, Text } from 'shared-ui';
import { ConfirmDialog, useRowAction } from 'shared-ui/dialog';
import { formatDateLong, formatUsd } from 'shared-ui/format';
import { Textarea } from 'shared-ui/form';
import { confirmAfterQbChanges, reopenAfterQbChanges, retryQbBillPayments } from '../api/mutations';

/** The warning's title, also what the browser tests look for. */
export const QB_CHANGED_TITLE = 'Changed in QuickBooks after it was decided';
/** The title when the bank file was already at the bank: nothing could be held. */
export const QB_CHANGED_AT_BANK_TITLE = 'Changed in QuickBooks after the bank file was sent';

/**
 * A bill of this decided approval changed (or was deleted or paid) in QuickBooks afterwards: the
 * change was not applied, the bank file is refused, and someone who may approve it decides again,
 * with a reason: 'Decide again' puts the approval back to PENDING with QuickBooks' amounts (the
 * policy applies to them afresh; no bank file was written yet), 'Keep the approved amounts' lets
 * the file pay what was approved.
 */
export function QbChangesAlert({ approval, canDecide }: { approval: Approval; canDecide: boolean }) {
  const [mode, setMode] = useState<'keep' | 'reopen' | null>(null);
  const [reason, setReason] = useState('');
  const { busy, run } = useRowAction();
  const changes = approval.qbChangesAfterDecision ?? [];
  if (changes.length === 0) return null;
  // Changes that hold the bank file, or only ones that came once the file was at the bank.
  const held = changes.some((change) => change.held !== false);
  // Back to pending only while no bank file exists (the API insists too).
  const reopenable = held && approval.status === 'APPROVED';

  async function confirm() {
    const trimmed = reason.trim();
    if (trimmed === '') return;
    const done = { onDone: () => (setMode(null), setReason('')) };
    if (mode === 'reopen')
      await run(
        () => reopenAfterQbChanges(approval.id, trimmed),
        "Back to pending with QuickBooks' amounts",
        done,
      );
    else
      await run(
        () => confirmAfterQbChanges(approval.id, trimmed),
        held ? 'Decision confirmed; the approved amounts stand' : 'Marked as checked',
        done,
      );
  }

  return (
    <Alert.Root status={held ? 'warning' : 'error'} data-testid="qb-changed-warning">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{held ? QB_CHANGED_TITLE : QB_CHANGED_AT_BANK_TITLE}</Alert.Title>
        <Alert.Description>
          <Stack gap="1" mt="1">
            {changes.map((change) => (
              <Text key={change.billId}>
                Bill {change.docNumber ?? change.billId} {change.reason} on {formatDateLong(change.at)}:
                approved {change.decidedAmount === null ? '—' : formatUsd(change.decidedAmount)}, now{' '}
                {change.amountNow === null ? 'not owed in QuickBooks' : formatUsd(change.amountNow)}.
              </Text>
            ))}
            {held ? (
              <Text>
                The change was not applied. The bank file is refused until someone decides again: with
                QuickBooks' amounts (back to pending, before any bank file is written), or keeping the
                approved amounts.
              </Text>
            ) : (
              <Text fontWeight="medium">
                The change was not applied. The bank file was already at the bank, so the payment could not be
                held: check what the bank pays against the bill in QuickBooks.
              </Text>
            )}
          </Stack>
        </Alert.Description>
        {canDecide && (
          <HStack gap="2" mt="2" wrap="wrap">
            {reopenable && (
              <Button size="sm" colorPalette="orange" onClick={() => setMode('reopen')}>
                Decide again
              </Button>
            )}
            <Button
              size="sm"
              colorPalette="orange"
              variant={reopenable ? 'outline' : 'solid'}
              onClick={() => setMode('keep')}
            >
              {held ? 'Keep the approved amounts' : 'Mark as checked'}
            </Button>
          </HStack>
        )}
      </Alert.Content>
      <ConfirmDialog
        open={mode !== null}
        onOpenChange={(next) => {
          if (!next) {
            setReason('');
            setMode(null);
          }
        }}
        title={mode === 'reopen' ? 'Decide again' : held ? 'Keep the approved amounts' : 'Mark as checked'}
        description={
          mode === 'reopen'
            ? "The approval goes back to pending with QuickBooks' bills and amounts, and its approval steps start again. Say why."
            : held
              ? 'The approved bills and amounts stand and the bank file pays them. Say why.'
              : 'Say what was checked; it is recorded in the history and the warning is cleared.'
        }
        confirmLabel={mode === 'reopen' ? 'Back to pending' : held ? 'Keep the decision' : 'Mark as checked'}
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

/**
 * After the bank returned the payment, what became of its BillPayment: deleted (the bill is open in
 * QuickBooks again), being deleted, refused, or never sent at all.
 */
const DELETION_STATUS: Record<QbBillPaymentDeletion, { label: string; palette: string }> = {
  deleted: { label: 'Deleted after the return', palette: 'gray' },
  pending: { label: 'Deleting after the return', palette: 'yellow' },
  failed: { label: 'Not deleted after the return', palette: 'red' },
  cancelled: { label: 'Not sent: payment returned', palette: 'gray' },
};

/** The badge of a bill's payment in QuickBooks: the deletion after a return wins. */
export function qbPaymentBadge(payment: Pick<QbBillPayment, 'status' | 'deletion'>) {
  return payment.deletion ? DELETION_STATUS[payment.deletion.status] : PAYMENT_STATUS[payment.status];
}

/** 'Payment in QuickBooks': the BillPayment recorded for each paid bill, or why not yet. */
export function QbPaymentsCard({ approval }: { approval: Approval }) {
  const isAdmin = useCanAdminister('approvals');
  const { busy, run } = useRowAction();
  const payments = approval.qbBillPayments ?? [];
  if (payments.length === 0) return null;
  // A refused payment or deletion waits for someone to fix its cause and retry (the API: ADMIN only);
  // a payment cancelled by a return is never sent again.
  const retryable = payments.some((payment) =>
    payment.deletion ? payment.deletion.status === 'failed' : payment.status === 'failed',
  );

  const retry = () =>
    run(
      () => retryQbBillPayments(approval.id),
      ({ sending }) => `Sending ${sending} payment${sending === 1 ? '' : 's'} to QuickBooks again`,
    );

  return (
    <SectionCard
      title="Payment in QuickBooks"
      description="A BillPayment is recorded in QuickBooks for each paid bill, so it is not paid twice there."
      actions={
        isAdmin && retryable ? (
          <Button size="sm" variant="outline" loading={busy} onClick={() => void retry()}>
            Retry
          </Button>
        ) : undefined
      }
    >
      <Stack gap="3" data-testid="qb-payments">
        {payments.map((payment) => {
          const status = qbPaymentBadge(payment);
          const error = payment.deletion ? payment.deletion.error : payment.error;
          const refused = payment.deletion
            ? payment.deletion.status === 'failed'
            : payment.status === 'failed';
          return (
            <Stack key={payment.billId} gap="1" borderWidth="1px" borderRadius="md" p="3">
              <Text fontWeight="semibold">
                Bill {payment.docNumber ?? payment.billId} · {formatUsd(payment.amount)} · {payment.txnDate}{' '}
                <Badge colorPalette={status.palette}>{status.label}</Badge>
              </Text>
              {payment.qbBillPaymentId && <Text>QuickBooks BillPayment {payment.qbBillPaymentId}</Text>}
              {error && <Text color={refused ? 'red.fg' : 'orange.fg'}>{error}</Text>}
            </Stack>
          );
        })}
      </Stack>
    </SectionCard>
  );
}
