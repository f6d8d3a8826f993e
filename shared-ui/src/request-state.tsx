// A card's own request (a list of sessions, an approval's payment accounts): its error with Retry,
// the spinner until its first answer, then what it answered. The same three states in every card.
import type { ReactNode } from 'react';
import { errorMessage } from 'shared-auth';
import { ErrorState, LoadingState } from './states';

/** What a card's data hook answers (SWR's shape). */
export interface CardRequest<T> {
  data?: T;
  error?: unknown;
  mutate: () => unknown;
}

/** Props of RequestState. */
export interface RequestStateProps<T> {
  request: CardRequest<T>;
  /** Text beside the spinner ('Loading...' otherwise). */
  loadingText?: string;
  children: (data: T) => ReactNode;
}

/**
 * The error wins over data kept from an earlier answer, so a failed re-read is never shown as fresh.
 * @example <RequestState request={sessions} loadingText="Loading sessions...">{(list) => <SessionList list={list} />}</RequestState>
 */
export function RequestState<T>({ request, loadingText, children }: RequestStateProps<T>) {
  if (request.error) {
    return <ErrorState message={errorMessage(request.error)} onRetry={() => void request.mutate()} />;
  }
  if (request.data === undefined) return <LoadingState text={loadingText} />;
  return <>{children(request.data)}</>;
}
