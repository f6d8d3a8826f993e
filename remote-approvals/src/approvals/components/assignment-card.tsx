import { Link as RouterLink } from 'react-router-dom';
import { approvalManagerLabel, type Approval } from 'shared-contracts';
import { DetailList, DetailRow, Link, SectionCard, TruncatedText } from 'shared-ui';

/** The approval's company (a link to it) and its manager. */
export function AssignmentCard({ approval }: { approval: Approval }) {
  return (
    <SectionCard title="Company & Assignment">
      <DetailList>
        <DetailRow label="Company">
          <TruncatedText lines={2}>
            <Link asChild color="blue.fg">
              <RouterLink to={`/companies/${approval.companyId}`}>
                {approval.company?.name || approval.companyName || approval.companyId}
              </RouterLink>
            </Link>
          </TruncatedText>
        </DetailRow>
        <DetailRow label="Company ID">{approval.companyId}</DetailRow>
        <DetailRow label="Manager">
          <TruncatedText lines={2}>{approvalManagerLabel(approval)}</TruncatedText>
        </DetailRow>
        <DetailRow label="Manager email">{approval.managerEmail}</DetailRow>
      </DetailList>
    </SectionCard>
  );
}
