import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { errorMessage } from 'shared-auth';
import { QB_CONNECTED_NOTICE } from 'shared-contracts';
import { Button, ErrorState, LoadingState, PageHeader, Stack, notifySuccess } from 'shared-ui';
import { completeQbConnect } from '../api/mutations';

/**
 * The states already sent: the state is single-use, so a second run of the effect (React's
 * development double mount, a re-render) must not send it again and be refused.
 */
const sent = new Set<string>();

const CANCELLED = 'The QuickBooks connection was cancelled';

/**
 * The redirect URI QuickBooks sends the browser back to (`/companies/quickbooks/callback?code=…&
 * state=…&realmId=…`): hands the parameters to the API with the staff member's own session, then
 * returns to the company's page.
 */
export function QuickBooksCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const code = params.get('code') ?? '';
  const state = params.get('state') ?? '';
  const realmId = params.get('realmId') ?? '';
  const refused = params.get('error');

  useEffect(() => {
    if (refused) {
      setFailure(refused === 'access_denied' ? CANCELLED : `QuickBooks answered: ${refused}`);
      return;
    }
    if (sent.has(state)) return;
    sent.add(state);
    completeQbConnect({ code, state, realmId })
      .then(({ companyId }) => {
        notifySuccess(QB_CONNECTED_NOTICE);
        void navigate(`/companies/${companyId}`, { replace: true });
      })
      .catch((error: unknown) => setFailure(errorMessage(error)));
  }, [code, state, realmId, refused, navigate]);

  return (
    <Stack gap="6">
      <PageHeader
        title="Connect QuickBooks"
        breadcrumbs={[{ label: 'Companies', to: '/companies' }, { label: 'QuickBooks' }]}
      />
      {failure ? (
        <Stack gap="4" align="flex-start">
          <ErrorState title="QuickBooks was not connected" message={failure} />
          <Button asChild size="sm" variant="outline">
            <RouterLink to="/companies">Back to Companies</RouterLink>
          </Button>
        </Stack>
      ) : (
        <LoadingState text="Connecting to QuickBooks..." />
      )}
    </Stack>
  );
}
