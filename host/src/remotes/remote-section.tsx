import { Component, startTransition, useEffect, useState, type ErrorInfo, type ReactNode } from 'react';
import { useRoutes, type RouteObject } from 'react-router-dom';
import { ErrorState, LoadingState } from 'shared-ui';
import { getLoadedSection, loadSection } from './remote-registry';
import { SECTIONS, type SectionName } from './sections';

type LoadState =
  { status: 'loading' } | { status: 'ready'; routes: RouteObject[] } | { status: 'error'; message: string };

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

/**
 * Loads a remote section at run time and renders its routes inside the layout. A remote that cannot
 * be reached shows an error panel with Retry; the sidebar and the other sections keep working.
 */
export function RemoteSection({ name }: { name: SectionName }) {
  const label = SECTIONS.find((section) => section.name === name)?.label ?? name;
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<LoadState>(() => {
    const module = getLoadedSection(name);
    return module ? { status: 'ready', routes: module.routes } : { status: 'loading' };
  });

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
        if (!cancelled)
          setState({ status: 'error', message: error instanceof Error ? error.message : String(error) });
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
      <ErrorState
        title={`The ${label} section could not be loaded`}
        message="Its files could not be reached. The rest of the console still works; try again in a moment."
        onRetry={() => setAttempt((value) => value + 1)}
      />
    );
  }
  return (
    <SectionErrorBoundary key={attempt} label={label} onRetry={() => setAttempt((value) => value + 1)}>
      <SectionRoutes routes={state.routes} />
    </SectionErrorBoundary>
  );
}
