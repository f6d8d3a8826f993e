// Loading, empty, error and access-denied views shared by every section, so the same situation
// reads and looks the same across independently deployed remotes.
import { Alert, Box, Button, Center, Heading, Icon, Spinner, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { UI_TEXT } from 'shared-contracts';
import { useFullScreenView } from './full-screen-view';

/** Label of the retry button of ErrorState. */
export const RETRY_LABEL = 'Retry';
/** Label of the way back from Access Denied. */
export const BACK_TO_DASHBOARD_LABEL = 'Back to Dashboard';

/** Centered full-screen spinner with 'Loading...', shown while the session is being checked. */
export function FullPageSpinner() {
  return (
    <Center minH="100dvh" role="status" aria-live="polite">
      <Stack align="center" gap="3">
        <Spinner size="xl" color="blue.solid" borderWidth="3px" />
        <Text color="fg.muted">{UI_TEXT.loading}</Text>
      </Stack>
    </Center>
  );
}

/**
 * Full-screen 'Access Denied' view for a page the user's role may not open, with a way back.
 * Inside the host's layout (or the standalone shell) it hides the sidebar and header while shown.
 */
export function AccessDenied() {
  useFullScreenView();
  return (
    <Center minH="100dvh" px="4" data-testid="access-denied">
      <Stack align="center" gap="4" textAlign="center" maxW="md">
        <Icon boxSize="12" color="red.solid" aria-hidden>
          <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
            <rect x="4" y="11" width="16" height="10" rx="2" />
            <path d="M8 11V7a4 4 0 0 1 8 0v4" />
          </svg>
        </Icon>
        <Heading as="h1" size="2xl">
          {UI_TEXT.accessDeniedTitle}
        </Heading>
        <Text color="fg.muted">{UI_TEXT.accessDenied}</Text>
        <Button asChild colorPalette="blue">
          <RouterLink to="/dashboard">{BACK_TO_DASHBOARD_LABEL}</RouterLink>
        </Button>
      </Stack>
    </Center>
  );
}

/** Inline loading block for a card or list, e.g. <LoadingState text="Loading managers..." />. */
export function LoadingState({ text = UI_TEXT.loading }: { text?: string }) {
  return (
    <Center py="12" role="status" aria-live="polite">
      <Stack direction="row" align="center" gap="3">
        <Spinner size="md" color="blue.solid" />
        <Text color="fg.muted">{text}</Text>
      </Stack>
    </Center>
  );
}

/** Props of EmptyState. */
export interface EmptyStateProps {
  title: string;
  /** The sentence under the title; it may hold a link (the approvals list's leads to its create page). */
  description?: ReactNode;
  action?: ReactNode;
}

/** Empty list view, e.g. 'No companies found' / 'Get started by creating your first company'. */
export function EmptyState({ title, description, action }: EmptyStateProps) {
  return (
    <Center py="12" px="4">
      <Stack align="center" gap="2" textAlign="center" maxW="md">
        <Icon boxSize="10" color="fg.subtle" aria-hidden>
          <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5">
            <path d="M3 7l9-4 9 4-9 4-9-4z" />
            <path d="M3 7v10l9 4 9-4V7" />
          </svg>
        </Icon>
        <Heading as="h3" size="md">
          {title}
        </Heading>
        {description ? <Text color="fg.muted">{description}</Text> : null}
        {action ? <Box pt="2">{action}</Box> : null}
      </Stack>
    </Center>
  );
}

/** Label of the button of NoMatchesState (the same words as FilterPanel's reset). */
export const CLEAR_FILTERS_LABEL = 'Clear filters';

/** Props of NoMatchesState. */
export interface NoMatchesStateProps {
  /** Plural noun of the list, e.g. 'companies'. */
  itemLabel: string;
  /** Clears the search and filters (e.g. useListSearchParams' `reset([...])`). */
  onClearFilters: () => void;
}

/**
 * Empty view of a list whose search or filters match nothing: says so and offers to clear them, instead
 * of the first-use EmptyState ('Get started by creating…') that would mislead here.
 * @example emptyState={activeFilters > 0 ? <NoMatchesState itemLabel="companies" onClearFilters={() => reset(['search', 'status'])} /> : <EmptyState title="No companies found" … />}
 */
export function NoMatchesState({ itemLabel, onClearFilters }: NoMatchesStateProps) {
  return (
    <EmptyState
      title={`No ${itemLabel} match your filters`}
      description="Try another search or clear the filters to see every entry."
      action={
        <Button size="sm" variant="outline" onClick={onClearFilters}>
          {CLEAR_FILTERS_LABEL}
        </Button>
      }
    />
  );
}

/** Props of ErrorState. */
export interface ErrorStateProps {
  title?: string;
  message: string;
  onRetry?: () => void;
}

/** Inline load failure (role alert) with a Retry button when `onRetry` is given. */
export function ErrorState({ title, message, onRetry }: ErrorStateProps) {
  return (
    <Alert.Root status="error" role="alert" alignItems="center" borderRadius="l2">
      <Alert.Indicator />
      <Alert.Content>
        {title ? <Alert.Title>{title}</Alert.Title> : null}
        <Alert.Description>{message}</Alert.Description>
      </Alert.Content>
      {onRetry ? (
        <Button size="sm" variant="outline" colorPalette="red" onClick={onRetry} flexShrink={0}>
          {RETRY_LABEL}
        </Button>
      ) : null}
    </Alert.Root>
  );
}
