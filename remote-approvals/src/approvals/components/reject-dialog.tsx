import { useRef, useState } from 'react';
import { REJECTION_REASON_MAX, VALIDATION } from 'shared-contracts';
import { Field } from 'shared-ui';
import { ConfirmDialog } from 'shared-ui/dialog';
import { Textarea } from 'shared-ui/form';

/**
 * 'Reject Approval': textarea 'Rejection Reason *' (focused first, to type the reason), Cancel and
 * Reject Approval, the latter disabled while the trimmed reason is blank or the call is pending.
 * `prompt` replaces the description (the list asks 'Please provide a reason for rejection:').
 */
export function RejectDialog({
  open,
  onOpenChange,
  isPending,
  onReject,
  prompt,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  isPending: boolean;
  onReject: (reason: string) => void;
  prompt?: string;
}) {
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState('');
  const [attempted, setAttempted] = useState(false);
  const trimmed = reason.trim();
  const blank = trimmed === '';

  function submit() {
    setAttempted(true);
    if (blank) return;
    onReject(trimmed);
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setReason('');
          setAttempted(false);
        }
        onOpenChange(next);
      }}
      title="Reject Approval"
      description={
        prompt ?? 'The requester will see this reason. Rejected approvals cannot be approved later.'
      }
      initialFocus={() => reasonRef.current}
      confirmLabel="Reject Approval"
      pendingLabel="Rejecting..."
      destructive
      isPending={isPending}
      confirmDisabled={blank}
      onConfirm={submit}
    >
      <Field.Root required invalid={attempted && blank}>
        <Field.Label>
          Rejection Reason <Field.RequiredIndicator />
        </Field.Label>
        <Textarea
          ref={reasonRef}
          value={reason}
          maxLength={REJECTION_REASON_MAX}
          rows={4}
          disabled={isPending}
          onChange={(event) => setReason(event.currentTarget.value)}
        />
        {attempted && blank && (
          <Field.ErrorText>
            {VALIDATION.rejectionReasonTitle}: {VALIDATION.rejectionReason}
          </Field.ErrorText>
        )}
      </Field.Root>
    </ConfirmDialog>
  );
}
