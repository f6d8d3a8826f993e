import * as v from 'valibot';

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
 * null mean "none" (SPEC §5: a 'none' choice is not sent, otherwise an integer).
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
