import { useEffect } from 'react';
import { tokenStorage } from 'shared-auth';
import { mutate } from 'swr';

/**
 * Drops every answer SWR holds, and its note of each read made in the last moments (without
 * `revalidate`, SWR keeps that note for two seconds, and a page mounted meanwhile waits on the
 * finished read instead of reading again: the next sign-in's pages would show 'Loading…' for ever).
 * Called once the layout's pages are gone, so nothing is read again by it.
 */
export function forgetAnswers(): Promise<unknown> {
  return mutate(() => true, undefined);
}

/**
 * When the signed-in layout leaves because the session ended (sign-out, expiry, another person's
 * sign-in next), every answer read in it goes too: the next sign-in at this browser shows nothing of
 * this one (a shared desk), and a person signing in again sees their figures fresh. Only then: when
 * the layout is mounted again while the session goes on, the answers are the same person's, and
 * dropping them would discard the reads already on their way (SWR ignores an answer to a read that
 * started before a change of its key) and show the pages empty while they read again.
 */
export function useForgetAnswersWhenSessionEnds(): void {
  useEffect(
    () => () => {
      if (!tokenStorage.getAccessToken()) void forgetAnswers();
    },
    [],
  );
}
