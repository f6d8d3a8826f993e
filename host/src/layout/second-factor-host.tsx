// Answers the API's second-factor refusals for the signed-in console: a step-up dialog (its code
// fetched when first needed) and, for someone who must add a factor first, the Security page.
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { loadSecondFactors, SECURITY_PAGE_PATH } from 'shared-auth';

const StepUpDialog = lazy(() => import('./step-up-dialog').then((m) => ({ default: m.StepUpDialog })));

/** Installs the answers to STEP_UP_REQUIRED and MFA_ENROLMENT_REQUIRED in shared-auth's client while mounted. */
export function SecondFactorHost() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [asking, setAsking] = useState<((confirmed: boolean) => void) | null>(null);
  // Read when a refusal comes, so the handler is installed once.
  const place = useRef({ navigate, pathname });
  place.current = { navigate, pathname };

  useEffect(() => {
    let uninstall: (() => void) | undefined;
    let left = false;
    loadSecondFactors()
      .then(({ installSecondFactorRefusals }) => {
        if (left) return;
        uninstall = installSecondFactorRefusals({
          prompt: () => new Promise<boolean>((resolve) => setAsking(() => resolve)),
          enrolmentRequired: () => {
            const { navigate: go, pathname: here } = place.current;
            if (here !== SECURITY_PAGE_PATH) go(SECURITY_PAGE_PATH, { state: { mustEnrol: true } });
          },
        });
      })
      // Without it a refused call fails with the API's own message, as before.
      .catch(() => {});
    return () => {
      left = true;
      uninstall?.();
    };
  }, []);

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
