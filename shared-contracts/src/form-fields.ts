import * as v from 'valibot';
import { TEXT_ERRORS } from './messages';

/**
 * Field schemas shared by the entity forms (companies, managers): one rule for what "empty" means
 * in a form and how an emptied field reaches the server.
 */

/** Largest id a Postgres `integer` column holds. */
export const ID_MAX = 2_147_483_647;

/** Create payloads omit an emptied field; update payloads send `null` to clear it. */
export type FormMode = 'create' | 'update';

/** What an emptied optional field becomes: absent on create, null (clear) on update. */
export const emptyValue = (mode: FormMode) => (mode === 'create' ? undefined : null);

/**
 * An optional text field: null, '' and whitespace count as empty; otherwise each check must pass
 * (the first failing one's message is reported). The key may be absent (it stays absent).
 */
export function optionalText(
  mode: FormMode,
  typeMessage: string,
  checks: Array<(value: string) => string | null>,
  normalise: (value: string) => string = (value) => value,
) {
  return v.optional(
    v.pipe(
      v.nullable(v.string(typeMessage)),
      v.transform((value) => (value === null ? '' : normalise(value.trim()))),
      v.rawCheck(({ dataset, addIssue }) => {
        if (!dataset.typed || dataset.value === '') return;
        for (const check of checks) {
          const message = check(dataset.value);
          if (message) {
            addIssue({ message });
            return;
          }
        }
      }),
      v.transform((value) => (value === '' ? emptyValue(mode) : value)),
    ),
  );
}

/** A check for optionalText: at most `max` characters. */
export const maxLength = (max: number, message: string) => (value: string) =>
  value.length > max ? message : null;

const EMAIL = v.pipe(v.string(), v.email());
export const isEmail = (value: string) => v.is(EMAIL, value);

/**
 * An optional id chosen in a select: a positive integer (or its digits as text); '', 'none' and
 * null mean "none" (a 'none' choice is not sent, otherwise an integer).
 */
export function optionalId(mode: FormMode, field: string) {
  const message = `${field} must be a positive whole number`;
  return v.optional(
    v.pipe(
      v.nullable(v.union([v.number(), v.string()], message)),
      v.transform((value): number | null =>
        value === null || value === '' || value === 'none'
          ? null
          : typeof value === 'number'
            ? value
            : /^\s*\d+\s*$/.test(value)
              ? Number(value)
              : NaN,
      ),
      v.check(
        (value) => value === null || (Number.isInteger(value) && value >= 1 && value <= ID_MAX),
        message,
      ),
      v.transform((value) => (value === null ? emptyValue(mode) : value)),
    ),
  );
}

// Control characters are what these rules are about.
/* eslint-disable no-control-regex */
/** C0 and C1 control characters (U+0000–U+001F, U+007F–U+009F): tabs, line breaks, escapes. */
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;
/** The same except tab, LF and CR, which a multi-line text may hold. */
const CONTROL_CHARACTER_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/* eslint-enable no-control-regex */

/** True when `value` holds a C0 or C1 control character (tab and line breaks included). */
export const hasControlCharacter = (value: string) => CONTROL_CHARACTER.test(value);

/**
 * A one-line text (a name, title, phone number, document number): no control characters. They
 * would break the lines of lists, exports, logs and bank files, or hide text on screen.
 */
export const singleLine = (field: string) =>
  v.check((value: string) => !CONTROL_CHARACTER.test(value), TEXT_ERRORS.controlCharacters(field));

/** A multi-line text (an address, a description, a reason): tabs and line breaks only. */
export const multiLine = (field: string) =>
  v.check(
    (value: string) => !CONTROL_CHARACTER_BUT_LINES.test(value),
    TEXT_ERRORS.controlCharactersMultiLine(field),
  );

/** singleLine as a check for optionalText. */
export const oneLine = (field: string) => (value: string) =>
  CONTROL_CHARACTER.test(value) ? TEXT_ERRORS.controlCharacters(field) : null;

/** multiLine as a check for optionalText. */
export const linesOnly = (field: string) => (value: string) =>
  CONTROL_CHARACTER_BUT_LINES.test(value) ? TEXT_ERRORS.controlCharactersMultiLine(field) : null;
