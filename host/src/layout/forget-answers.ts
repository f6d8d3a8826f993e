import { useEffect } from 'react';
import { tokenStorage } from 'shared-auth';
import { mutate } from 'swr';

/** Drops every answer SWR holds, without reading any again. */
export function forgetAnswers(): Promise<unknown> {
  return mutate(() => true, undefined, { revalidate: false });
}

/**
 * When the signed-in layout leaves because the session ended (sign-out, expiry, another person's
 * sign-in next), every answer read in it goes too: the next sign-in at this browser shows nothing of
 * this one (a shared desk), and a person signing in again sees their figures fresh. Only then: when
 * the layout is mounted again while the session goes on, the answers are the same person's, and
 * dropping them would also discard the reads already on their way (SWR ignores an answer to a read
 * that started before a change of its key), leaving a page waiting for an answer that never comes.
 */
export function useForgetAnswersWhenSessionEnds(): void {
  useEffect(
    () => () => {
      if (!tokenStorage.getAccessToken()) void forgetAnswers();
    },
    [],
  );
}
