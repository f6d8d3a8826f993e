// What every form does with a record and with the server's answer: fill itself once per loaded record,
// and put the server's field errors (a taken e-mail, a bad routing number) on their fields while a
// notice says the error too.
import { useEffect, useRef } from 'react';
import type { FieldPath, FieldValues, UseFormReset, UseFormSetError, UseFormSetFocus } from 'react-hook-form';
import { isApiError } from 'shared-auth';
import { notifyFailure } from './notify-failure';

export interface ServerErrorOptions {
  /**
   * The form's fields; a server field outside them is said by the notice only. Every field the server
   * names is set when absent.
   */
  fields?: readonly string[];
  /** The form field that shows a server field's error, when the names differ. */
  fieldFor?: (serverField: string) => string;
  /**
   * Focuses the first field given an error when this says it can take the focus (a custom picker
   * cannot); no focus when absent.
   */
  focus?: (field: string) => boolean;
  /** The notice's text for an error without a message of its own. */
  fallback?: string;
}

/** The server's field errors as [form field, message] pairs, in the server's order. */
export function serverFieldErrors(
  error: unknown,
  { fields, fieldFor }: Pick<ServerErrorOptions, 'fields' | 'fieldFor'> = {},
): Array<[string, string]> {
  const answered = isApiError(error) ? error.fields : undefined;
  return Object.entries(answered ?? {})
    .map(([field, message]): [string, string] => [fieldFor ? fieldFor(field) : field, message])
    .filter(([field]) => !fields || fields.includes(field));
}

/** The parts of a react-hook-form form that reportFormError uses. */
export interface ErrorTarget<T extends FieldValues> {
  setError: UseFormSetError<T>;
  setFocus?: UseFormSetFocus<T>;
}

/**
 * After a failed save: the server's field errors go on their fields, the error in a notice.
 * @example catch (error) { reportFormError(form, error, { fields: Object.keys(EMPTY_FORM) }); }
 */
export function reportFormError<T extends FieldValues>(
  form: ErrorTarget<T>,
  error: unknown,
  { focus, fallback, ...which }: ServerErrorOptions = {},
): void {
  serverFieldErrors(error, which).forEach(([field, message], index) => {
    form.setError(field as FieldPath<T>, { type: 'server', message });
    if (index === 0 && focus?.(field)) form.setFocus?.(field as FieldPath<T>);
  });
  notifyFailure(error, fallback);
}

/**
 * Fills the form from the record once per record (by id), when another record comes to the same form:
 * a later re-read of the same record must not wipe what is being typed. The first record is the
 * form's `defaultValues`.
 */
export function useResetForRecord<T extends FieldValues, R extends { id: unknown }>(
  reset: UseFormReset<T>,
  record: R | null | undefined,
  toValues: (record: R) => T,
): void {
  const loaded = useRef(record?.id);
  useEffect(() => {
    if (record && loaded.current !== record.id) {
      loaded.current = record.id;
      reset(toValues(record));
    }
  }, [record, reset, toValues]);
}
