import { OUT_OF_OFFICE_MESSAGES, personName, type OutOfOfficeInput } from 'shared-contracts';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { forbidden, notFound, validationError } from '../../http/http-error';
import { recordActivity } from '../activity/activity.service';
import { activeDecidersAmong, setAbsence, staffByIds } from './approval-policy.repository';

/**
 * A user's out-of-office window and delegate (the user themselves, or an ADMIN for anyone); all
 * null ends it. The delegate must be another active user who may decide approvals.
 */
export async function setOutOfOffice(
  db: Db,
  actor: UserRow,
  userId: number,
  input: OutOfOfficeInput,
): Promise<{ awayFrom: string | null; awayUntil: string | null; delegateId: number | null }> {
  return db.transaction(async (tx) => {
    const [target] = await staffByIds(tx, [userId]);
    if (!target) throw notFound('User not found');
    if (actor.id !== userId && actor.role !== 'ADMIN') throw forbidden(OUT_OF_OFFICE_MESSAGES.notYours);
    if (input.delegateId !== null) {
      if (input.delegateId === userId)
        throw validationError({ delegateId: OUT_OF_OFFICE_MESSAGES.selfDelegate });
      const [delegate] = await activeDecidersAmong(tx, [input.delegateId], [], 0);
      if (!delegate) throw validationError({ delegateId: OUT_OF_OFFICE_MESSAGES.unknownDelegate });
    }
    const values = {
      awayFrom: input.awayFrom === null ? null : new Date(input.awayFrom),
      awayUntil: input.awayUntil === null ? null : new Date(input.awayUntil),
      delegateId: input.delegateId,
    };
    await setAbsence(tx, userId, values);
    await recordActivity(tx, actor, 'user', userId, {
      action: 'user.out_of_office',
      description:
        input.delegateId === null
          ? `${personName(actor)} ended the out-of-office period of ${target.name}`
          : `${personName(actor)} set ${target.name} out of office from ${input.awayFrom} until ${input.awayUntil}, delegate user #${input.delegateId}`,
      details: { after: { ...input } },
    });
    return { awayFrom: input.awayFrom, awayUntil: input.awayUntil, delegateId: input.delegateId };
  });
}
