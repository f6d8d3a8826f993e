// The one loader of a record's page (detail or edit form): the route's :id → parse → load → a loading
// state, "not found" or an error with Retry → the page. Every section's detail and form pages render
// through it, so a missing, 'undefined' or unknown id and a failed read behave the same everywhere.
import { useDeferredValue, type ReactNode } from 'react';
import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useLocation, useParams } from 'react-router-dom';
import { errorMessage, isApiError } from 'shared-auth';
import { parseRouteId, UI_TEXT } from 'shared-contracts';
import { PageHeader, type Crumb } from './page-header';
import { ErrorState, LoadingState } from './states';

/** What a record's data hook answers (SWR's shape): a null id requests nothing. */
export interface RecordRequest<T> {
  data?: T;
  error?: unknown;
  isLoading: boolean;
  isValidating?: boolean;
  mutate: () => unknown;
}

/** Why a record's page shows no record, for the section to word. */
export interface RecordFailure {
  /** The route's id is not one (missing, 'undefined', malformed): nothing was requested. */
  invalidId: boolean;
  /** There is no such record: an invalid id, a 404, or a read that answered nothing. */
  notFound: boolean;
  /** The failed read's error, when there was one. */
  error?: unknown;
  /** The error's message, when there was an error. */
  message?: string;
  /** Reads the record again; absent when there is no such record (reading again cannot help). */
  retry?: () => void;
}

export interface RouteRecordProps<Id, T> {
  /** The record's data hook, called with the parsed id (null when there is none to load). */
  useRecord: (id: Id | null) => RecordRequest<T>;
  /** Turns the route's :id into an id, or null when it is not one; numeric ids by default. */
  parseId?: (raw: string | undefined) => Id | null;
  /** A form page's "new" route (no :id): rendered at once, nothing is loaded. */
  renderNew?: () => ReactNode;
  /** Text beside the spinner while the record loads (LoadingState's default otherwise). */
  loadingText?: string;
  /** The page shown instead of the record: not found, or the read failed. */
  renderFailure: (failure: RecordFailure) => ReactNode;
  /** The page itself, with the record and its request (to re-read it or show that it is re-reading). */
  children: (record: T, request: RecordRequest<T>) => ReactNode;
}

/** Where a record's page is: what RouteRecord renders, as data (unit-tested on its own). */
export type RecordState<T> =
  | { kind: 'new' }
  | { kind: 'loading' }
  | { kind: 'failed'; failure: RecordFailure }
  | { kind: 'ready'; record: T };

/**
 * The state of a record's page from the route's raw id and its request. Only a record that never
 * loaded fails the page: a failed re-read keeps the record on screen.
 */
export function recordState<Id, T>(
  raw: string | undefined,
  id: Id | null,
  request: RecordRequest<T>,
  allowNew: boolean,
): RecordState<T> {
  if (raw === undefined && allowNew) return { kind: 'new' };
  if (id === null) return { kind: 'failed', failure: { invalidId: true, notFound: true } };
  if (request.isLoading) return { kind: 'loading' };
  if (request.data === undefined || request.data === null) {
    const { error } = request;
    const notFound = !error || (isApiError(error) && error.status === 404);
    return {
      kind: 'failed',
      failure: {
        invalidId: false,
        notFound,
        ...(error ? { error, message: errorMessage(error) } : {}),
        // Reading a record that is not there again cannot find it: only a failed read is retried.
        ...(notFound ? {} : { retry: () => void request.mutate() }),
      },
    };
  }
  return { kind: 'ready', record: request.data };
}

/**
 * A record's page from the route's :id.
 * @example
 * <RouteRecord useRecord={useCompany} loadingText="Loading..." renderFailure={(f) => <CompanyNotFound failure={f} />}>
 *   {(company) => <CompanyDetail company={company} />}
 * </RouteRecord>
 */
export function RouteRecord<Id = number, T = unknown>({
  useRecord,
  parseId = parseRouteId as unknown as (raw: string | undefined) => Id | null,
  renderNew,
  loadingText,
  renderFailure,
  children,
}: RouteRecordProps<Id, T>) {
  const raw = useParams().id;
  const id = raw === undefined ? null : parseId(raw);
  const request = useRecord(id);
  const state = recordState(raw, id, request, renderNew !== undefined);
  // The record's first appearance is the page's biggest render (every card at once): it is drawn in
  // a background transition, in short slices, while the loading state stays up a moment longer. Later
  // answers (a revalidation, a live update) render at once as before.
  const shownReady = useDeferredValue(state.kind === 'ready');
  switch (state.kind) {
    case 'new':
      return <>{renderNew?.()}</>;
    case 'loading':
      return <LoadingState text={loadingText} />;
    case 'failed':
      return <>{renderFailure(state.failure)}</>;
    case 'ready':
      return shownReady ? <>{children(state.record, request)}</> : <LoadingState text={loadingText} />;
  }
}

export interface RecordFailurePageProps {
  /** The page header above the error; none when absent. */
  header?: { title: string; breadcrumbs: Crumb[] };
  /** The error's title and message. */
  title?: string;
  message: string;
  onRetry?: () => void;
  /** There is no such record: the page names the path asked for and offers no Retry. */
  notFound?: boolean;
  /** A link back to the section's list. */
  back?: { label: string; to: string };
}

/**
 * The page a record's section shows instead of the record: header, the error (with Retry when
 * reading again can help; the path asked for when there is no such record), a way back.
 */
export function RecordFailurePage({
  header,
  title,
  message,
  onRetry,
  notFound = false,
  back,
}: RecordFailurePageProps) {
  const { pathname } = useLocation();
  return (
    <Stack gap="6">
      {header ? <PageHeader title={header.title} breadcrumbs={header.breadcrumbs} /> : null}
      <ErrorState title={title} message={message} onRetry={notFound ? undefined : onRetry} />
      {notFound ? (
        <Text color="fg.muted" data-testid="not-found-path">
          {UI_TEXT.noPageAt(pathname)}
        </Text>
      ) : null}
      {back ? (
        <Box>
          <Button asChild variant="outline">
            <RouterLink to={back.to}>{back.label}</RouterLink>
          </Button>
        </Box>
      ) : null}
    </Stack>
  );
}
