// Answers the API's second-factor refusals for the signed-in console: a step-up dialog (its code
// fetched when first needed) and, for someone who must add a factor first, the Security page.
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { SECURITY_PAGE_PATH, setEnrolmentRequiredHandler, setStepUpPrompt } from 'shared-auth';

const StepUpDialog = lazy(() => import('./step-up-dialog').then((m) => ({ default: m.StepUpDialog })));

/** Registers the step-up dialog and the enrolment redirect with shared-auth for as long as it is mounted. */
export function SecondFactorHost() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [asking, setAsking] = useState<((confirmed: boolean) => void) | null>(null);

  useEffect(() => {
    setStepUpPrompt(() => new Promise<boolean>((resolve) => setAsking(() => resolve)));
    return () => setStepUpPrompt(null);
  }, []);

  useEffect(() => {
    setEnrolmentRequiredHandler(() => {
      if (pathname !== SECURITY_PAGE_PATH) navigate(SECURITY_PAGE_PATH, { state: { mustEnrol: true } });
    });
    return () => setEnrolmentRequiredHandler(null);
  }, [navigate, pathname]);

  if (!asking) return null;
  return (
    <Suspense fallback={null}>
      <StepUpDialog
        onDone={(confirmed) => {
          setAsking(null);
          asking(confirmed);
        }}
      />
    </Suspense>
  );
}
