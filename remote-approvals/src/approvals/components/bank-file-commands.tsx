// What can be done with an approval's bank file, and doing it: generate, download, mark uploaded,
// mark paid. One set of commands for the header's next step and the NACHA card's download, so both
// say the same notices.
import { useState, type ReactNode } from 'react';
import { useCanAdminister, useCanManage } from 'shared-auth';
import type { Approval } from 'shared-contracts';
import { Button, notifyError, notifyFailure, notifySuccess } from 'shared-ui';
import { ActionDialog } from 'shared-ui/dialog';
import { downloadBankFile, generateBankFile, markBankUploaded, markPaymentCompleted } from '../api/bank-file';

/** The product's fixed notice when a bank file download starts. */
export const NACHA_DOWNLOAD_STARTED = 'NACHA file download started';

const hasNachaFields = (a: Approval) =>
  a.nachaFileGenerated ||
  [a.nachaFileName, a.nachaBatchNumber, a.nachaGeneratedAt, a.nachaProcessingStatus, a.nachaFileUrl].some(
    (value) => value !== null && value !== '',
  );

/** Who may do what with the bank file, from the role and the approval's status. */
export function bankFileActions(approval: Approval, role: { moderator: boolean; admin: boolean }) {
  const retryable = approval.status === 'APPROVED' || approval.status === 'NACHA_PENDING';
  return {
    visible: hasNachaFields(approval) || (retryable && role.moderator),
    download: role.moderator && approval.nachaFileGenerated && Boolean(approval.nachaFileUrl),
    generate: role.moderator && retryable && !approval.nachaFileGenerated,
    markUploaded: role.admin && approval.status === 'NACHA_GENERATED',
    markPaid: role.admin && approval.status === 'BANK_UPLOADED',
  };
}

type Step = 'uploaded' | 'paid';
const STEPS: Record<
  Step,
  { title: string; description: string; label: string; run: (id: string) => Promise<unknown>; done: string }
> = {
  uploaded: {
    title: 'Mark bank file uploaded',
    description: 'Confirm that this bank file was uploaded to the bank. This cannot be undone.',
    label: 'Mark uploaded',
    run: markBankUploaded,
    done: 'Bank file marked uploaded',
  },
  paid: {
    title: 'Mark payment completed',
    description: 'Confirm that the bank has paid every entry of this file. This cannot be undone.',
    label: 'Mark paid',
    run: markPaymentCompleted,
    done: 'Payment marked completed',
  },
};

/** What useBankFileCommands answers. */
export interface BankFileCommands {
  can: ReturnType<typeof bankFileActions>;
  busy: 'download' | 'generate' | null;
  generate: () => void;
  download: () => void;
  setConfirming: (step: Step | null) => void;
  /** The confirmation of Mark uploaded / Mark paid while one is asked. */
  confirmDialog: ReactNode;
}

/** The bank file's commands for the signed-in person's role. */
export function useBankFileCommands(approval: Approval): BankFileCommands {
  const moderator = useCanManage('approvals');
  const admin = useCanAdminister('approvals');
  const can = bankFileActions(approval, { moderator, admin });
  const [busy, setBusy] = useState<BankFileCommands['busy']>(null);
  const [confirming, setConfirming] = useState<Step | null>(null);

  async function run(kind: NonNullable<BankFileCommands['busy']>, action: () => Promise<void>) {
    setBusy(kind);
    try {
      await action();
    } catch (error) {
      notifyFailure(error);
    } finally {
      setBusy(null);
    }
  }

  const download = () =>
    void run('download', async () => {
      await downloadBankFile(approval, approval.nachaFileUrl!);
      notifySuccess(NACHA_DOWNLOAD_STARTED);
    });
  const generate = () =>
    void run('generate', async () => {
      const outcome = await generateBankFile(approval.id);
      if (outcome.status === 'NACHA_GENERATED') notifySuccess('NACHA file generated');
      else notifyError(`NACHA file not generated: ${outcome.nachaProcessingStatus}`);
    });

  const confirmDialog = confirming && (
    <ActionDialog
      open
      onOpenChange={(open) => !open && setConfirming(null)}
      title={STEPS[confirming].title}
      description={STEPS[confirming].description}
      confirmLabel={STEPS[confirming].label}
      pendingLabel="Saving..."
      action={() => STEPS[confirming].run(approval.id)}
      successMessage={STEPS[confirming].done}
    />
  );
  return { can, busy, generate, download, setConfirming, confirmDialog };
}

/**
 * Download NACHA File as the page offers it (never its primary action): in the header while the
 * file waits to be uploaded, and on the NACHA Information card.
 */
export function DownloadNachaButton({
  commands,
  size = 'sm',
}: {
  commands: Pick<BankFileCommands, 'busy' | 'download'>;
  size?: 'sm' | 'md';
}) {
  return (
    <Button
      size={size}
      variant="outline"
      loading={commands.busy === 'download'}
      loadingText="Downloading..."
      onClick={commands.download}
    >
      Download NACHA File
    </Button>
  );
}
