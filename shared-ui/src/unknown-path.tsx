// A path no page answers. The console takes the person to the dashboard, and says so there, naming
// the path they asked for: a silent redirect reads as a broken link or a lost session.
import { Alert, CloseButton } from '@chakra-ui/react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { UI_TEXT } from 'shared-contracts';

/** The navigation state that carries the unknown path to the dashboard. */
interface UnknownPathState {
  unknownPath?: string;
}

/** The path the person asked for, when the console came here from a path no page answers. */
export function unknownPathOf(state: unknown): string | null {
  const path = (state as UnknownPathState | null)?.unknownPath;
  return typeof path === 'string' ? path : null;
}

/** A catch-all route's element: to the dashboard, carrying the path that was asked for. */
export function UnknownPath() {
  const location = useLocation();
  return (
    <Navigate to="/dashboard" replace state={{ unknownPath: `${location.pathname}${location.search}` }} />
  );
}

/** Where the console came from an unknown path: says which, until closed. */
export function UnknownPathNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  const path = unknownPathOf(location.state);
  if (!path) return null;
  return (
    <Alert.Root status="info" mb="5" borderRadius="l2" data-testid="unknown-path-notice">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>{UI_TEXT.noPageAt(path)}</Alert.Description>
      </Alert.Content>
      <CloseButton
        size="sm"
        aria-label="Close"
        // Forget the path in place, so neither a reload nor the back button shows the notice again.
        onClick={() => void navigate(location.pathname + location.search, { replace: true, state: null })}
      />
    </Alert.Root>
  );
}
