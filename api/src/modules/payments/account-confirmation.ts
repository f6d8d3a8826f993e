import { ERROR_CODES, PAYMENT_MESSAGES } from 'shared-contracts';
import type { UserRow } from '../../db/schema';
import { forbidden, HttpError } from '../../http/http-error';

// Dual control's rule, one for vendor and settlement accounts and whatever changed them (a person,
// or a notification of change applied by the person who uploaded it): a second person confirms.

/** The checks every confirmation makes: the version reviewed, not yet confirmed, a second person. */
export function checkConfirmation(
  actor: UserRow,
  current: { version: number; confirmedAt: Date | null; changedById: number | null },
  version: number,
  changer: UserRow | undefined,
): void {
  if (current.version !== version) {
    const fields = { version: PAYMENT_MESSAGES.staleVersion };
    throw new HttpError(409, ERROR_CODES.conflict, PAYMENT_MESSAGES.staleVersion, fields, undefined, {
      version: current.version,
    });
  }
  if (current.confirmedAt) throw new HttpError(409, ERROR_CODES.conflict, PAYMENT_MESSAGES.alreadyConfirmed);
  if (current.changedById === actor.id) throw forbidden(PAYMENT_MESSAGES.confirmOwnChange);
  // An account the changer registered is the changer's puppet, not a second person.
  if (current.changedById !== null && actor.createdById === current.changedById) {
    throw forbidden(PAYMENT_MESSAGES.confirmRegisteredBy);
  }
  if (changer && changer.createdById === actor.id) throw forbidden(PAYMENT_MESSAGES.confirmRegisteredByYou);
}
