import { Link as RouterLink } from 'react-router-dom';
import { useCanManage } from 'shared-auth';
import type { Approval } from 'shared-contracts';
import { Alert, Badge, Button, DetailList, DetailRow, Link, SectionCard, Text } from 'shared-ui';
import { useRowAction } from 'shared-ui/dialog';
import { formatDateLong } from 'shared-ui/format';
import { downloadBankFile } from '../api/bank-file';
import { DownloadNachaButton, NACHA_DOWNLOAD_STARTED, useBankFileCommands } from './bank-file-commands';

/** nachaProcessingStatus values that are steps, not reasons (anything else says what is missing). */
const PROCESSING_STEPS: Record<string, { label: string; palette: string }> = {
  GENERATED: { label: 'Bank file ready', palette: 'green' },
  PENDING: { label: 'Waiting', palette: 'yellow' },
  BANK_UPLOADED: { label: 'Sent to the bank', palette: 'blue' },
  PAYMENT_COMPLETED: { label: 'Paid', palette: 'green' },
};

/**
 * Approval detail's NACHA Information card: batch number, file name, generated time,
 * processing status and Download NACHA File; when generation failed, what is missing with a link to
 * the company's Payments card. The next step (generate or retry, mark uploaded, mark paid) is not
 * offered here a second time: it is the primary action above the card (NextPaymentAction).
 */
export function NachaCard({ approval }: { approval: Approval }) {
  const commands = useBankFileCommands(approval);
  const { can } = commands;
  if (!can.visible) return null;

  const processing = approval.nachaProcessingStatus;
  const step = processing ? PROCESSING_STEPS[processing] : undefined;
  const failure = processing && !step && approval.status === 'APPROVED' ? processing : null;

  return (
    <SectionCard
      title="NACHA Information"
      actions={
        // Secondary: the next step (generate, mark uploaded, mark paid) is the header's primary action.
        can.download && <DownloadNachaButton commands={commands} />
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
                {can.generate
                  ? ', fix it there, then generate the file again with Generate bank file above.'
                  : '.'}
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
