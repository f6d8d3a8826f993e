// The countdown every signed-in page shows while the person must add a second factor and is still
// within their grace: once it ends the API refuses all but enrolment and the console sends them to
// the Security page. It reads the Security page's own answer (one SWR key), so adding a factor
// there takes the banner away.
import { useEffect } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router-dom';
import useSWR from 'swr';
import { api, SECURITY_OVERVIEW_KEY, SECURITY_PAGE_PATH } from 'shared-auth';
import {
  inEnrolmentGrace,
  SECOND_FACTOR_DUTY_TEXT,
  secondFactorDutyText,
  type SecurityOverview,
} from 'shared-contracts';
import { Alert, Link } from 'shared-ui';
import { formatDateLong } from 'shared-ui/format';

const HOUR_MS = 60 * 60 * 1000;

const getSecurity = () => api.get<SecurityOverview>('/api/user/security');

export function SecondFactorBanner() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  // Re-read hourly, so a console left open counts the days down (and sees a factor added elsewhere).
  const { data } = useSWR(SECURITY_OVERVIEW_KEY, getSecurity, { refreshInterval: HOUR_MS });
  // Grace over: the API refuses everything but enrolment. The refusals send the person to the
  // Security page too, but the first of them may come before their handler is installed.
  const mustEnrolNow = !!data && data.required && data.factors.length === 0 && data.graceUntil === null;
  useEffect(() => {
    if (mustEnrolNow && pathname !== SECURITY_PAGE_PATH)
      navigate(SECURITY_PAGE_PATH, { state: { mustEnrol: true } });
  }, [mustEnrolNow, pathname, navigate]);
  // The Security page says the same in its own alert.
  if (!data || !inEnrolmentGrace(data) || pathname === SECURITY_PAGE_PATH) return null;
  return (
    <Alert.Root status="warning" role="status" mb={{ base: '4', md: '6' }} data-testid="second-factor-banner">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>
          {secondFactorDutyText(data, formatDateLong)}{' '}
          <Link asChild fontWeight="semibold" textDecoration="underline" color="inherit">
            <NavLink to={SECURITY_PAGE_PATH}>{SECOND_FACTOR_DUTY_TEXT.addOne}</NavLink>
          </Link>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
