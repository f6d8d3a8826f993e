import {
  Component,
  startTransition,
  useEffect,
  useRef,
  useState,
  type ErrorInfo,
  type ReactNode,
} from 'react';
import { useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { Alert, Button, ErrorState, LoadingState } from 'shared-ui';
import { getLoadedSection, loadSection, newerReleaseLive, SectionLoadError } from './remote-registry';
import { RELEASE_TEXT, SECTIONS, type SectionName } from 'shared-contracts';

export { preloadSection } from './remote-registry';

type LoadState =
  | { status: 'loading' }
  | { status: 'ready'; routes: RouteObject[] }
  | { status: 'error'; error: SectionLoadError };

function SectionRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

interface BoundaryProps {
  label: string;
  onRetry: () => void;
  children: ReactNode;
}

/** Catches render errors inside a section, so the rest of the console keeps working. */
class SectionErrorBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`The ${this.props.label} section failed to render`, error, info.componentStack);
  }
  override render() {
    if (this.state.error) {
      return (
        <ErrorState
          title={`The ${this.props.label} section stopped working`}
          message={this.state.error.message}
          onRetry={() => {
            this.setState({ error: null });
            this.props.onRetry();
          }}
        />
      );
    }
    return this.props.children;
  }
}

/** The error panel of a section that did not load: why, which release, and what Retry does. */
function LoadErrorPanel({
  label,
  error,
  onRetry,
}: {
  label: string;
  error: SectionLoadError;
  onRetry: () => void;
}) {
  const release = error.buildId ? ` ${RELEASE_TEXT.release(error.buildId)}` : '';
  if (error.kind === 'incompatible') {
    const reasons = [
      ...error.mismatches.map((m) => RELEASE_TEXT.sharedMismatch(m.pkg, m.required, m.provided)),
      ...(error.missingExpose ? [RELEASE_TEXT.missingExpose(error.missingExpose)] : []),
    ];
    return (
      <ErrorState
        title={RELEASE_TEXT.incompatibleTitle(label)}
        message={`${reasons.join(' ')} ${RELEASE_TEXT.incompatibleHint}${release}`}
        onRetry={onRetry}
      />
    );
  }
  if (error.kind === 'reload') {
    return (
      <ErrorState
        title={RELEASE_TEXT.unreachableTitle(label)}
        message={`${RELEASE_TEXT.reloadNeeded}${release}`}
        // A reload keeps the address: the same section loads again on a clean page.
        onRetry={() => window.location.reload()}
      />
    );
  }
  return (
    <ErrorState
      title={RELEASE_TEXT.unreachableTitle(label)}
      message={`${RELEASE_TEXT.unreachable}${release}`}
      onRetry={onRetry}
    />
  );
}

/** 'A new version of this section is available — Reload', once a release or rollback replaced it. */
function NewVersionNotice() {
  return (
    <Alert.Root status="info" size="sm" mb="4" alignItems="center" data-testid="section-new-version">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>{RELEASE_TEXT.newVersion}</Alert.Description>
      </Alert.Content>
      <Button size="xs" variant="outline" onClick={() => window.location.reload()} flexShrink={0}>
        {RELEASE_TEXT.reload}
      </Button>
    </Alert.Root>
  );
}

/**
 * After each navigation into or within a section that was already loaded, asks /remotes.json whether
 * another release is live now: a tab opened before a release keeps working on its own release and
 * says a new one is there.
 */
function useNewerRelease(name: SectionName, ready: boolean): boolean {
  const { pathname } = useLocation();
  const [newer, setNewer] = useState(false);
  const lastChecked = useRef<string | null>(null);
  const loadedHere = useRef(!getLoadedSection(name));
  useEffect(() => {
    if (!ready || newer) return undefined;
    // The first render right after loading the section is on the live release already.
    if (loadedHere.current) {
      loadedHere.current = false;
      lastChecked.current = pathname;
      return undefined;
    }
    if (lastChecked.current === pathname) return undefined;
    lastChecked.current = pathname;
    let cancelled = false;
    newerReleaseLive(name).then(
      (value) => {
        if (!cancelled && value) setNewer(true);
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [name, ready, pathname, newer]);
  return newer;
}

/**
 * Loads a remote section at run time and renders its routes inside the layout. A remote that cannot
 * be reached, or whose release does not fit this console, shows an error panel with Retry; the sidebar
 * and the other sections keep working.
 */
export function RemoteSection({ name }: { name: SectionName }) {
  const label = SECTIONS.find((section) => section.name === name)?.label ?? name;
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<LoadState>(() => {
    const module = getLoadedSection(name);
    return module ? { status: 'ready', routes: module.routes } : { status: 'loading' };
  });
  const newer = useNewerRelease(name, state.status === 'ready');

  useEffect(() => {
    let cancelled = false;
    const module = getLoadedSection(name);
    if (module) {
      setState({ status: 'ready', routes: module.routes });
      return undefined;
    }
    setState({ status: 'loading' });
    loadSection(name, attempt).then(
      (loaded) => {
        // The section's first render as a transition: React renders it in slices that yield to the
        // browser instead of one long task (its table, filters and cards), and the loading state stays
        // on screen until it is ready. Nothing is lost: the section has no state yet.
        if (!cancelled) startTransition(() => setState({ status: 'ready', routes: loaded.routes }));
      },
      (error: unknown) => {
        console.error(`The ${label} section could not be loaded`, error);
        const failure =
          error instanceof SectionLoadError
            ? error
            : new SectionLoadError(error instanceof Error ? error.message : String(error), 'unreachable');
        if (!cancelled) setState({ status: 'error', error: failure });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [name, attempt, label]);

  // Named, so a slow remote reads as "this section is on its way" while the sidebar stays usable.
  if (state.status === 'loading') return <LoadingState text={`Loading the ${label} section...`} />;
  if (state.status === 'error') {
    return (
      <LoadErrorPanel label={label} error={state.error} onRetry={() => setAttempt((value) => value + 1)} />
    );
  }
  return (
    <SectionErrorBoundary key={attempt} label={label} onRetry={() => setAttempt((value) => value + 1)}>
      {newer ? <NewVersionNotice /> : null}
      <SectionRoutes routes={state.routes} />
    </SectionErrorBoundary>
  );
}
