import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { setNavigator } from 'shared-auth';

/**
 * When a refresh fails (signed out elsewhere, or the session reached its time limit), the session
 * goes to sign-in inside the app instead of a full reload (shared-auth's setNavigator), remembering
 * the page (path, query and hash) so signing in comes back to it, and why, so the sign-in page can
 * say the session ended (after an inactivity sign-out, in the words the console gives).
 */
export function SessionNavigator() {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    const { pathname, search, hash } = location;
    setNavigator((path, reason, notice) =>
      navigate(path, { replace: true, state: { from: { pathname, search, hash }, reason, notice } }),
    );
    return () => setNavigator(null);
  }, [navigate, location]);
  return null;
}
