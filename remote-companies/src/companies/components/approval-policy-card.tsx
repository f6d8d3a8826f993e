import { useState } from 'react';
import { useCanManage } from 'shared-auth';
import { Button, SectionCard, Stack, Text } from 'shared-ui';
import { useApprovalPolicy } from '../api/get-approval-policy';
import { PendingPolicyChangePanel } from './pending-policy-change';
import { draftOf, type Draft } from './policy-draft';
import { PolicyEditor } from './policy-editor';

/**
 * The company's approval policy: the version it follows and its summary for everyone, with the
 * change waiting for a second person; for MODERATOR and ADMIN an editor whose save is such a change
 * (it starts from the change waiting, which a save replaces).
 */
export function ApprovalPolicyCard({ companyId }: { companyId: number }) {
  const canEdit = useCanManage('companies');
  const policy = useApprovalPolicy(companyId);
  const [draft, setDraft] = useState<Draft | null>(null);
  const data = policy.data;
  const version = data
    ? data.version === 0
      ? 'Default policy'
      : `Version ${data.version}${data.confirmedBy ? `, proposed by ${data.createdBy ?? 'someone since removed'} and confirmed by ${data.confirmedBy}` : ''}`
    : '';
  return (
    <SectionCard
      title="Approval policy"
      description={
        data
          ? `${version} · a step waiting ${data.escalationHours} hours is escalated to the ADMINs`
          : undefined
      }
      actions={
        canEdit && data && !draft ? (
          <Button size="sm" variant="outline" onClick={() => setDraft(draftOf(data.pending ?? data))}>
            {data.pending ? 'Edit change' : 'Edit policy'}
          </Button>
        ) : undefined
      }
    >
      {!data ? (
        <Text color="fg.muted">{policy.error ? 'The approval policy could not be loaded' : 'Loading…'}</Text>
      ) : draft ? (
        <PolicyEditor companyId={companyId} draft={draft} onChange={setDraft} onDone={() => setDraft(null)} />
      ) : (
        <Stack gap="4">
          <Stack as="ul" gap="1" m="0" pl="5" aria-label="Policy summary">
            {data.summary.map((line) => (
              <Text as="li" key={line}>
                {line}
              </Text>
            ))}
          </Stack>
          {data.pending && (
            <PendingPolicyChangePanel companyId={companyId} policy={data} pending={data.pending} />
          )}
        </Stack>
      )}
    </SectionCard>
  );
}
