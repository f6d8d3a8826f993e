import * as v from 'valibot';

// A person's absence from the office, during which their delegate decides their steps: what the
// out-of-office form sends and the API answers, and its refusals.

export const OUT_OF_OFFICE_MESSAGES = {
  order: 'The end of the absence must be after its start',
  incomplete: 'Give the start, the end and the delegate, or none of them',
  selfDelegate: 'Choose someone else as your delegate',
  unknownDelegate: 'The delegate must be an active user who may decide approvals',
  notYours: 'Only an ADMIN sets the absence of another user',
} as const;

const instant = v.nullable(v.pipe(v.string(), v.isoTimestamp('Give a date and time (ISO 8601)')));
/** PUT /api/user/users/{id}/out-of-office: all three set, or all three null (back in the office). */
export const OutOfOfficeSchema = v.pipe(
  v.object({
    awayFrom: instant,
    awayUntil: instant,
    delegateId: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1))),
  }),
  v.check(
    (input) =>
      (input.awayFrom === null) === (input.awayUntil === null) &&
      (input.awayFrom === null) === (input.delegateId === null),
    OUT_OF_OFFICE_MESSAGES.incomplete,
  ),
  v.check(
    (input) =>
      input.awayFrom === null ||
      input.awayUntil === null ||
      Date.parse(input.awayUntil) > Date.parse(input.awayFrom),
    OUT_OF_OFFICE_MESSAGES.order,
  ),
);
export type OutOfOfficeInput = v.InferOutput<typeof OutOfOfficeSchema>;
export const OutOfOfficeAnswerSchema = v.object({
  awayFrom: v.nullable(v.string()),
  awayUntil: v.nullable(v.string()),
  delegateId: v.nullable(v.number()),
});
