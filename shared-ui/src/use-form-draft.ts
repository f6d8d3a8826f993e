import { useEffect, useRef } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { getSessionUser } from 'shared-auth';
import { notifyInfo } from './toaster';

const PREFIX = 'form-draft:';

/** The notice shown when a form comes back with what was typed before the session ended. */
export const DRAFT_RESTORED_NOTICE = 'Your unsaved changes were restored';

interface StoredDraft {
  userId: number;
  values: Record<string, unknown>;
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function readDraft(key: string): StoredDraft | null {
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(PREFIX + key) ?? 'null');
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { userId, values } = parsed as Partial<StoredDraft>;
    if (typeof userId !== 'number' || typeof values !== 'object' || values === null) return null;
    return { userId, values };
  } catch {
    return null;
  }
}

function removeDraft(key: string): void {
  try {
    storage()?.removeItem(PREFIX + key);
  } catch {
    // Storage unavailable: nothing was kept either.
  }
}

/** Options of {@link useFormDraft}. */
export interface FormDraftOptions<T extends FieldValues> {
  /** Names the form and its record, e.g. `company:new` or `company:12`. */
  key: string;
  /** Fields never written to storage (passwords). */
  omit?: ReadonlyArray<keyof T & string>;
}

/**
 * Keeps what is typed into a form in sessionStorage (this tab only) while the form is open, so a
 * session that ends mid-form — the refresh token refused, the user sent to sign in — or a page
 * reload does not lose the input: the form comes back filled after the new sign-in, for the same
 * user only. Leaving the form while still signed in (saved, cancelled, navigated away) discards the
 * draft, so a stale one never reappears. Passwords go in `omit`.
 * @example useFormDraft(form, { key: company ? `company:${company.id}` : 'company:new' });
 */
export function useFormDraft<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'watch' | 'reset' | 'getValues'>,
  { key, omit = [] }: FormDraftOptions<T>,
): void {
  const { watch, reset, getValues } = form;
  const omitted = useRef(omit);
  omitted.current = omit;

  useEffect(() => {
    const me = getSessionUser();
    const draft = readDraft(key);
    if (draft && me && draft.userId === me.id) {
      reset({ ...getValues(), ...draft.values } as T, { keepDefaultValues: true });
      notifyInfo(DRAFT_RESTORED_NOTICE);
    } else if (draft) {
      // Another user's draft (a shared browser): never show it.
      removeDraft(key);
    }

    const subscription = watch((values, { name }) => {
      // Only input changes: a reset (loading the record, restoring) is not something typed.
      if (!name) return;
      const user = getSessionUser();
      if (!user) return;
      const kept = Object.fromEntries(
        Object.entries(values).filter(([field]) => !omitted.current.includes(field as keyof T & string)),
      );
      try {
        storage()?.setItem(PREFIX + key, JSON.stringify({ userId: user.id, values: kept }));
      } catch {
        // Quota or privacy mode: the form still works, it just cannot outlive the session.
      }
    });
    return () => {
      subscription.unsubscribe();
      // Still signed in: the user left on purpose. Signed out: the session ended under the form;
      // keep the draft for when they sign in again.
      if (getSessionUser()) removeDraft(key);
    };
  }, [key, watch, reset, getValues]);
}
