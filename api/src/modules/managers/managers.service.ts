import {
  ERROR_CODES,
  MANAGER_ERRORS,
  personName,
  type Manager,
  type ManagerCreateInput,
  type ManagerUpdateInput,
} from 'shared-contracts';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/client';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors';
import type { ManagerRow, UserRow } from '../../db/schema';
import { HttpError, notFound } from '../../http/http-error';
import { activityEntry, recordActivities, type ActivityEntry } from '../activity/activity.service';
import { clearManagerFromCompanies } from '../companies/companies.service';
import { NOTHING_AT_RISK, type StrandedSteps } from '../../ports/stranded-steps';
import { findUserById } from '../users/users.service';
import {
  countApprovalsOfManager,
  deleteManager as deleteManagerRow,
  findManager,
  findManagerOfUser,
  findManagerRow,
  insertManager,
  updateManager,
  type ManagerValues,
} from './managers.repository';

const managerNotFound = () => notFound(MANAGER_ERRORS.notFound);
const managerName = (row: Pick<ManagerRow, 'firstName' | 'lastName'>) => `${row.firstName} ${row.lastName}`;

/** 404 reported on the userId field: the form shows it under the Linked User Account picker. */
const noSuchUser = (userId: number) => {
  const message = MANAGER_ERRORS.noUser(userId);
  return new HttpError(404, ERROR_CODES.notFound, message, { userId: message });
};

/** 409 on the userId field naming the manager that already has the user account. */
const userTaken = (user: UserRow, owner: ManagerRow) => {
  const message = MANAGER_ERRORS.userTaken(personName(user), managerName(owner), owner.id);
  return new HttpError(409, ERROR_CODES.conflict, message, { userId: message });
};

/** The manager as the API answers it; 404 when it does not exist. */
export async function getManager(db: Db, id: number): Promise<Manager> {
  const manager = await findManager(db, id);
  if (!manager) throw managerNotFound();
  return manager;
}

/**
 * The user `userId` if `managerId` may be linked to it: the user must exist (404 on the field) and
 * not be linked to another manager (409 naming it). The unique index on managers.user_id still
 * decides between concurrent links; this check only words the common case.
 */
async function linkableUser(db: Db, userId: number, managerId?: number): Promise<UserRow> {
  const user = await findUserById(db, userId);
  if (!user) throw noSuchUser(userId);
  const owner = await findManagerOfUser(db, userId, managerId);
  if (owner) throw userTaken(user, owner);
  return user;
}

/**
 * A write that lost a race: another manager took the user account between our check and our write
 * (unique violation) or the user was deleted meanwhile (foreign-key violation). Answer what the
 * check says now, a 409 or a 404 on userId, instead of a 500.
 */
async function explainLinkFailure(
  db: Db,
  error: unknown,
  userId: number | null | undefined,
  managerId?: number,
): Promise<never> {
  if (typeof userId === 'number' && (isUniqueViolation(error) || isForeignKeyViolation(error))) {
    await linkableUser(db, userId, managerId);
  }
  throw error;
}

const link = (actor: UserRow, manager: ManagerRow, user: UserRow): ActivityEntry =>
  activityEntry(actor, 'manager', manager.id, {
    action: 'manager.link_user',
    description: `${personName(actor)} linked manager ${managerName(manager)} to user ${personName(user)}`,
    details: { userId: user.id, email: user.email },
  });

const unlink = (actor: UserRow, manager: ManagerRow, userId: number): ActivityEntry =>
  activityEntry(actor, 'manager', manager.id, {
    action: 'manager.unlink_user',
    description: `${personName(actor)} unlinked manager ${managerName(manager)} from its user account`,
    details: { userId },
  });

/** Creates a manager (optionally linked to a user) with its activity rows, in one transaction. */
export async function createManager(
  deps: AppDeps,
  actor: UserRow,
  input: ManagerCreateInput,
): Promise<Manager> {
  const status = input.status ?? 'ACTIVE';
  try {
    return await deps.db.transaction(async (tx) => {
      const user = input.userId == null ? undefined : await linkableUser(tx, input.userId);
      const row = await insertManager(tx, {
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        phone: input.phone ?? null,
        title: input.title ?? null,
        status,
        isActive: status === 'ACTIVE',
        userId: user?.id ?? null,
      });
      const entries: ActivityEntry[] = [
        activityEntry(actor, 'manager', row.id, {
          action: 'manager.create',
          description: `${personName(actor)} created manager ${managerName(row)}`,
          details: { email: row.email, status: row.status },
        }),
      ];
      if (user) entries.push(link(actor, row, user));
      await recordActivities(tx, entries);
      return (await findManager(tx, row.id))!;
    });
  } catch (error) {
    return explainLinkFailure(deps.db, error, input.userId);
  }
}

const nowOf = (deps: AppDeps) => deps.now?.() ?? new Date();

const FIELD_LABELS: Record<string, string> = {
  firstName: 'first name',
  lastName: 'last name',
  email: 'email',
  phone: 'phone',
  title: 'title',
};

/**
 * The edit form: changes the fields sent (null clears phone and title; userId links, relinks or
 * with null unlinks). Writes 'manager.update' for the fields, 'manager.status' for a status change
 * and 'manager.link_user' / 'manager.unlink_user' for the link, all in one transaction.
 */
export async function updateManagerDetails(
  deps: AppDeps,
  actor: UserRow,
  id: number,
  input: ManagerUpdateInput,
  strandedSteps: StrandedSteps,
): Promise<Manager> {
  try {
    return await deps.db.transaction(async (tx) => {
      const current = await findManagerRow(tx, id, true);
      if (!current) throw managerNotFound();
      const values: ManagerValues = {};
      const changes: Record<string, { from: unknown; to: unknown }> = {};
      for (const field of ['firstName', 'lastName', 'email', 'phone', 'title'] as const) {
        const value = input[field];
        if (value === undefined || value === current[field]) continue;
        (values as Record<string, unknown>)[field] = value;
        changes[field] = { from: current[field], to: value };
      }
      const status = input.status ?? current.status;
      const statusChanged = status !== current.status;
      if (statusChanged) {
        values.status = status;
        values.isActive = status === 'ACTIVE';
      }
      let linked: UserRow | undefined;
      const userId = input.userId === undefined ? current.userId : input.userId;
      const linkChanged = userId !== current.userId;
      if (linkChanged) {
        if (userId !== null) linked = await linkableUser(tx, userId, id);
        values.userId = userId;
      }
      if (Object.keys(values).length === 0) return (await findManager(tx, id))!;

      // The account behind "the company's manager" changes for every company this manager runs.
      const atRisk = linkChanged
        ? await strandedSteps(tx, [{ kind: 'manager', managerId: id }])
        : NOTHING_AT_RISK;
      const row = (await updateManager(tx, id, values))!;
      await atRisk.escalate(nowOf(deps));
      const entries: ActivityEntry[] = [];
      if (Object.keys(changes).length > 0) {
        const changed = Object.keys(changes).map((field) => FIELD_LABELS[field] ?? field);
        entries.push(
          activityEntry(actor, 'manager', id, {
            action: 'manager.update',
            description: `${personName(actor)} updated manager ${managerName(row)} (${changed.join(', ')})`,
            details: { changes },
          }),
        );
      }
      if (statusChanged) {
        entries.push(
          activityEntry(actor, 'manager', id, {
            action: 'manager.status',
            status: row.status,
            description: `${personName(actor)} changed the status of manager ${managerName(row)} from ${current.status} to ${row.status}`,
            details: { from: current.status, to: row.status },
          }),
        );
      }
      if (linkChanged) {
        if (current.userId !== null) entries.push(unlink(actor, row, current.userId));
        if (linked) entries.push(link(actor, row, linked));
      }
      await recordActivities(tx, entries);
      return (await findManager(tx, id))!;
    });
  } catch (error) {
    return explainLinkFailure(deps.db, error, input.userId, id);
  }
}

/**
 * PUT …/link-user: links the manager to `userId` (replacing a previous link). Linking the user it
 * already has changes nothing. Two concurrent links of one user to two managers: exactly one wins
 * (unique index); the other answers 409 naming the winner.
 */
export async function linkManagerUser(
  deps: AppDeps,
  actor: UserRow,
  id: number,
  userId: number,
  strandedSteps: StrandedSteps,
): Promise<Manager> {
  try {
    return await deps.db.transaction(async (tx) => {
      const current = await findManagerRow(tx, id, true);
      if (!current) throw managerNotFound();
      if (current.userId === userId) return (await findManager(tx, id))!;
      const user = await linkableUser(tx, userId, id);
      const atRisk = await strandedSteps(tx, [{ kind: 'manager', managerId: id }]);
      const row = (await updateManager(tx, id, { userId }))!;
      await atRisk.escalate(nowOf(deps));
      const entries = current.userId === null ? [] : [unlink(actor, row, current.userId)];
      await recordActivities(tx, [...entries, link(actor, row, user)]);
      return (await findManager(tx, id))!;
    });
  } catch (error) {
    return explainLinkFailure(deps.db, error, userId, id);
  }
}

/** PUT …/unlink-user: removes the link; a manager without one is answered unchanged. */
export async function unlinkManagerUser(
  deps: AppDeps,
  actor: UserRow,
  id: number,
  strandedSteps: StrandedSteps,
): Promise<Manager> {
  return deps.db.transaction(async (tx) => {
    const current = await findManagerRow(tx, id, true);
    if (!current) throw managerNotFound();
    if (current.userId === null) return (await findManager(tx, id))!;
    const atRisk = await strandedSteps(tx, [{ kind: 'manager', managerId: id }]);
    const row = (await updateManager(tx, id, { userId: null }))!;
    await atRisk.escalate(nowOf(deps));
    await recordActivities(tx, [unlink(actor, row, current.userId)]);
    return (await findManager(tx, id))!;
  });
}

/**
 * Deletes a manager in one transaction: the companies it managed lose their manager (one
 * 'company.assignment' row each, for their timelines), its approvals keep the copied manager name
 * and e-mail (their manager_id is set null by the foreign key), and a 'manager.delete' row.
 */
export async function deleteManager(
  deps: AppDeps,
  actor: UserRow,
  id: number,
  strandedSteps: StrandedSteps,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const current = await findManagerRow(tx, id, true);
    if (!current) throw managerNotFound();
    const name = managerName(current);
    const atRisk = await strandedSteps(tx, [{ kind: 'manager', managerId: id }]);
    const cleared = await clearManagerFromCompanies(tx, id);
    const approvalsKept = await countApprovalsOfManager(tx, id);
    await deleteManagerRow(tx, id);
    await atRisk.escalate(nowOf(deps));
    await recordActivities(tx, [
      ...cleared.map((company): ActivityEntry =>
        activityEntry(actor, 'company', company.id, {
          action: 'company.assignment',
          description: `${personName(actor)} removed the manager of ${company.name} (manager ${name} deleted)`,
          details: { field: 'managerId', from: id, to: null },
        }),
      ),
      activityEntry(actor, 'manager', id, {
        action: 'manager.delete',
        description: `${personName(actor)} deleted manager ${name}`,
        details: {
          name,
          email: current.email,
          userId: current.userId,
          companiesUnassigned: cleared.map((company) => company.id),
          approvalsKept,
        },
      }),
    ]);
  });
}
