import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useCanAdminister, useCanManage } from 'shared-auth';
import type { Approval } from 'shared-contracts';
import {
  Alert,
  Badge,
  Button,
  DetailList,
  DetailRow,
  Link,
  SectionCard,
  Text,
  notifyError,
  notifyFailure,
  notifySuccess,
} from 'shared-ui';
import { ActionDialog, useRowAction } from 'shared-ui/dialog';
import { formatDateLong } from 'shared-ui/format';
import { downloadBankFile, generateBankFile, markBankUploaded, markPaymentCompleted } from '../api/bank-file';

/** The product's fixed notice when a bank file download starts. */
export const NACHA_DOWNLOAD_STARTED = 'NACHA file download started';

/** nachaProcessingStatus values that are steps, not reasons (anything else says what is missing). */
const PROCESSING_STEPS: Record<string, { label: string; palette: string }> = {
  GENERATED: { label: 'Bank file ready', palette: 'green' },
  PENDING: { label: 'Waiting', palette: 'yellow' },
  BANK_UPLOADED: { label: 'Sent to the bank', palette: 'blue' },
  PAYMENT_COMPLETED: { label: 'Paid', palette: 'green' },
};

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

/**
 * Approval detail's NACHA Information card: batch number, file name, generated time,
 * processing status and Download NACHA File; when generation failed, what is missing with a link to
 * the company's Payments card and 'Generate NACHA file' to retry; ADMIN's Mark uploaded / Mark paid.
 */
export function NachaCard({ approval }: { approval: Approval }) {
  const moderator = useCanManage('approvals');
  const admin = useCanAdminister('approvals');
  const can = bankFileActions(approval, { moderator, admin });
  const [busy, setBusy] = useState<'download' | 'generate' | null>(null);
  const [confirming, setConfirming] = useState<Step | null>(null);
  if (!can.visible) return null;

  const processing = approval.nachaProcessingStatus;
  const step = processing ? PROCESSING_STEPS[processing] : undefined;
  const failure = processing && !step && approval.status === 'APPROVED' ? processing : null;

  async function run(kind: NonNullable<typeof busy>, action: () => Promise<void>) {
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
    run('download', async () => {
      await downloadBankFile(approval, approval.nachaFileUrl!);
      notifySuccess(NACHA_DOWNLOAD_STARTED);
    });
  const generate = () =>
    run('generate', async () => {
      const outcome = await generateBankFile(approval.id);
      if (outcome.status === 'NACHA_GENERATED') notifySuccess('NACHA file generated');
      else notifyError(`NACHA file not generated: ${outcome.nachaProcessingStatus}`);
    });

  return (
    <SectionCard
      title="NACHA Information"
      actions={
        <>
          {can.generate && (
            <Button
              size="sm"
              colorPalette="blue"
              loading={busy === 'generate'}
              loadingText="Generating..."
              onClick={() => void generate()}
            >
              Generate NACHA file
            </Button>
          )}
          {can.markUploaded && (
            <Button size="sm" variant="outline" onClick={() => setConfirming('uploaded')}>
              Mark uploaded
            </Button>
          )}
          {can.markPaid && (
            <Button size="sm" variant="outline" onClick={() => setConfirming('paid')}>
              Mark paid
            </Button>
          )}
          {can.download && (
            <Button
              size="sm"
              colorPalette="blue"
              loading={busy === 'download'}
              loadingText="Downloading..."
              onClick={() => void download()}
            >
              Download NACHA File
            </Button>
          )}
        </>
      }
    >
      {failure && (
        <Alert.Root status="error" mb="4">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Bank file not generated</Alert.Title>
            <Alert.Description>
              {/* One inline run of text, so the link flows within the sentence on a phone too. */}
              <Text as="span" display="inline">
                {failure}.{' '}
                <Link asChild color="red.fg" fontWeight="semibold" display="inline">
                  <RouterLink to={`/companies/${approval.companyId}#payments`}>
                    Open the company&apos;s payment settings
                  </RouterLink>
                </Link>
                {can.generate ? ', fix it there, then generate the file again.' : '.'}
              </Text>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      <DetailList>
        <DetailRow label="Batch number">{approval.nachaBatchNumber}</DetailRow>
        <DetailRow label="File name">
          {approval.nachaFileName && <Text fontFamily="mono">{approval.nachaFileName}</Text>}
        </DetailRow>
        <DetailRow label="Generated">
          {approval.nachaGeneratedAt ? formatDateLong(approval.nachaGeneratedAt) : null}
        </DetailRow>
        <DetailRow label="Processing status">
          {step ? (
            <Badge colorPalette={step.palette}>{step.label}</Badge>
          ) : failure ? (
            <Badge colorPalette="red">Refused</Badge>
          ) : (
            (processing ?? 'Not generated yet')
          )}
        </DetailRow>
      </DetailList>
      {confirming && (
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
      )}
    </SectionCard>
  );
}

/** An Activity History entry's file link: the same guarded download as the card's button. */
export function HistoryDownloadLink({
  approval,
  url,
}: {
  approval: Pick<Approval, 'id' | 'nachaFileName'>;
  url: string;
}) {
  const moderator = useCanManage('approvals');
  const { busy, run } = useRowAction();
  if (!moderator) return null;
  return (
    <Button
      variant="plain"
      size="sm"
      color="blue.fg"
      textDecoration="underline"
      px="0"
      h="auto"
      loading={busy}
      onClick={() => void run(() => downloadBankFile(approval, url), NACHA_DOWNLOAD_STARTED)}
    >
      Download {approval.nachaFileName ?? 'file'}
    </Button>
  );
}
