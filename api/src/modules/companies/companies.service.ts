import {
  COMPANY_ASSIGNEE_FIELDS,
  COMPANY_ASSIGNEE_ROLES,
  COMPANY_ERRORS,
  COMPANY_STAFF_ROLES,
  ERROR_CODES,
  personName,
  type Company,
  type CompanyAssigneeField,
  type CompanyAssignmentInput,
  type CompanyCreateInput,
  type CompanyUpdateInput,
} from 'shared-contracts';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/client';
import { isForeignKeyViolation, isRestrictViolation } from '../../db/errors';
import type { CompanyRow, UserRow } from '../../db/schema';
import { HttpError, notFound, validationError } from '../../http/http-error';
import { recordActivity } from '../activity/activity.service';
import { NOTHING_AT_RISK, type StrandedSteps } from '../../ports/stranded-steps';
import { findUsersByIds } from '../users/users.service';
import {
  countApprovalsOfCompany,
  countPaymentRecordsOfCompany,
  deleteCompany as deleteCompanyRow,
  existingManagerIds,
  findCompany,
  findCompanyRow,
  insertCompany,
  updateCompany,
  type CompanyValues,
} from './companies.repository';

const companyNotFound = () => notFound(COMPANY_ERRORS.notFound);

/** The company as the API answers it; 404 when it does not exist. */
export async function getCompany(db: Db, id: number): Promise<Company> {
  const company = await findCompany(db, id);
  if (!company) throw companyNotFound();
  return company;
}

type Assignees = Partial<Record<CompanyAssigneeField, number | null | undefined>>;

/**
 * 400 naming each assignee field whose id is not assignable: the manager must exist; processor,
 * approver and accountant must be active users with role ADMIN, MODERATOR or USER (a GUEST only
 * reads, so it cannot process, approve or account for a company's bills).
 * Ids equal to the current ones are not re-checked, so editing a company whose approver was later
 * deactivated does not force a new approver.
 */
async function checkAssignees(db: Db, wanted: Assignees, current?: CompanyRow): Promise<void> {
  const changed = COMPANY_ASSIGNEE_FIELDS.filter((field) => {
    const value = wanted[field];
    return typeof value === 'number' && value !== current?.[field];
  });
  if (changed.length === 0) return;
  const fields: Record<string, string> = {};
  const managerId = changed.includes('managerId') ? (wanted.managerId as number) : undefined;
  const userIds = changed.filter((field) => field !== 'managerId').map((field) => wanted[field] as number);
  const [managerIds, userRows] = await Promise.all([
    existingManagerIds(db, managerId === undefined ? [] : [managerId]),
    findUsersByIds(db, userIds),
  ]);
  if (managerId !== undefined && !managerIds.has(managerId))
    fields.managerId = COMPANY_ERRORS.noManager(managerId);
  const byId = new Map(userRows.map((user) => [user.id, user]));
  for (const field of changed) {
    if (field === 'managerId') continue;
    const id = wanted[field] as number;
    const user = byId.get(id);
    if (!user) fields[field] = COMPANY_ERRORS.noUser(id);
    else if (!(COMPANY_STAFF_ROLES as readonly string[]).includes(user.role))
      fields[field] = COMPANY_ERRORS.userRole(id, user.role);
    else if (!user.isActive) fields[field] = COMPANY_ERRORS.userInactive(id);
  }
  if (Object.keys(fields).length > 0) throw validationError(fields);
}

/**
 * A manager or user deleted between the check and the write makes the foreign key fail: answer
 * what the check now says (a 400 on that field) instead of a 500.
 */
async function explainForeignKeyFailure(db: Db, error: unknown, wanted: Assignees): Promise<never> {
  if (isForeignKeyViolation(error)) await checkAssignees(db, wanted);
  throw error;
}

const FIELD_LABELS: Record<string, string> = {
  name: 'name',
  email: 'email',
  phone: 'phone',
  website: 'website',
  address: 'address',
  description: 'description',
  industry: 'industry',
  ...COMPANY_ASSIGNEE_ROLES,
};

/** Creates a company with its activity row, in one transaction; 400 on an unknown assignee. */
export async function createCompany(
  deps: AppDeps,
  actor: UserRow,
  input: CompanyCreateInput,
): Promise<Company> {
  const values: CompanyValues & { name: string } = {
    name: input.name,
    email: input.email ?? null,
    phone: input.phone ?? null,
    website: input.website ?? null,
    address: input.address ?? null,
    description: input.description ?? null,
    industry: input.industry ?? null,
    managerId: input.managerId ?? null,
    processorId: input.processorId ?? null,
    approverId: input.approverId ?? null,
    accountantId: input.accountantId ?? null,
    status: 'ACTIVE',
    isActive: true,
  };
  try {
    return await deps.db.transaction(async (tx) => {
      await checkAssignees(tx, values);
      const row = await insertCompany(tx, values);
      await recordActivity(tx, actor, 'company', row.id, {
        action: 'company.create',
        description: `${personName(actor)} created company ${row.name}`,
        details: { status: row.status, industry: row.industry },
      });
      return (await findCompany(tx, row.id))!;
    });
  } catch (error) {
    return explainForeignKeyFailure(deps.db, error, values);
  }
}

/** The full-form edit: changes the fields sent (null clears), with a 'company.update' row. */
export async function updateCompanyDetails(
  deps: AppDeps,
  actor: UserRow,
  id: number,
  input: CompanyUpdateInput,
  strandedSteps: StrandedSteps,
): Promise<Company> {
  try {
    return await deps.db.transaction(async (tx) => {
      const current = await findCompanyRow(tx, id, true);
      if (!current) throw companyNotFound();
      await checkAssignees(tx, input, current);
      const changes: Record<string, { from: unknown; to: unknown }> = {};
      const values: Record<string, unknown> = {};
      for (const [field, value] of Object.entries(input) as Array<[keyof CompanyRow, unknown]>) {
        if (value === undefined || current[field] === value) continue;
        values[field] = value;
        changes[field] = { from: current[field], to: value };
      }
      if (Object.keys(values).length === 0) return (await findCompany(tx, id))!;
      const reassigned = ['approverId', 'managerId', 'accountantId'].some((field) => field in values);
      const atRisk = reassigned
        ? await strandedSteps(tx, [{ kind: 'company', companyId: id }])
        : NOTHING_AT_RISK;
      const row = (await updateCompany(tx, id, values as CompanyValues))!;
      await atRisk.escalate(deps.now?.() ?? new Date());
      const changed = Object.keys(changes).map((field) => FIELD_LABELS[field] ?? field);
      await recordActivity(tx, actor, 'company', id, {
        action: 'company.update',
        description: `${personName(actor)} updated company ${row.name} (${changed.join(', ')})`,
        details: { changes },
      });
      return (await findCompany(tx, id))!;
    });
  } catch (error) {
    return explainForeignKeyFailure(deps.db, error, input);
  }
}

/** The inline assignment of the detail page: one assignee set or cleared, 'company.assignment'. */
export async function assignCompany(
  deps: AppDeps,
  actor: UserRow,
  id: number,
  { field, value }: CompanyAssignmentInput,
  strandedSteps: StrandedSteps,
): Promise<Company> {
  try {
    return await deps.db.transaction(async (tx) => {
      const current = await findCompanyRow(tx, id, true);
      if (!current) throw companyNotFound();
      if (current[field] === value) return (await findCompany(tx, id))!;
      await checkAssignees(tx, { [field]: value }, current);
      // A step asking for the company's approver, manager or accountant may have nobody now.
      const atRisk = await strandedSteps(tx, [{ kind: 'company', companyId: id }]);
      await updateCompany(tx, id, { [field]: value });
      await atRisk.escalate(deps.now?.() ?? new Date());
      const company = (await findCompany(tx, id))!;
      const role = COMPANY_ASSIGNEE_ROLES[field];
      const assignee = company[role as 'manager' | 'processor' | 'approver' | 'accountant'];
      const who = assignee ? personName(assignee) : null;
      await recordActivity(tx, actor, 'company', id, {
        action: 'company.assignment',
        description: who
          ? `${personName(actor)} assigned ${who} as ${role} of ${company.name}`
          : `${personName(actor)} removed the ${role} of ${company.name}`,
        details: { field, from: current[field], to: value },
      });
      return company;
    });
  } catch (error) {
    return explainForeignKeyFailure(deps.db, error, { [field]: value });
  }
}

/** Deletes a company; its approvals go with it (ON DELETE CASCADE). */
/**
 * Deletes a company with its pending, rejected and expired approvals. Approvals that reached
 * APPROVED or later are payment records: their company is kept and the caller gets 409 saying
 * why. The approvals trigger refuses such deletes too, so one approved between the count and the
 * delete makes the delete fail the same way instead of removing it.
 */
export async function deleteCompany(deps: AppDeps, actor: UserRow, id: number): Promise<void> {
  try {
    await deleteCompanyInTransaction(deps, actor, id);
  } catch (error) {
    if (!isRestrictViolation(error)) throw error;
    const records = await countPaymentRecordsOfCompany(deps.db, id);
    throw new HttpError(409, ERROR_CODES.conflict, COMPANY_ERRORS.hasPaymentRecords(Math.max(records, 1)));
  }
}

async function deleteCompanyInTransaction(deps: AppDeps, actor: UserRow, id: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const current = await findCompanyRow(tx, id, true);
    if (!current) throw companyNotFound();
    const records = await countPaymentRecordsOfCompany(tx, id);
    if (records > 0)
      throw new HttpError(409, ERROR_CODES.conflict, COMPANY_ERRORS.hasPaymentRecords(records));
    const approvalsDeleted = await countApprovalsOfCompany(tx, id);
    await deleteCompanyRow(tx, id);
    await recordActivity(tx, actor, 'company', id, {
      action: 'company.delete',
      description: `${personName(actor)} deleted company ${current.name}`,
      details: { name: current.name, approvalsDeleted },
    });
  });
}

/** Activate (status ACTIVE, isActive) or deactivate (INACTIVE, not active); no-op when already so. */
export async function setCompanyActive(
  deps: AppDeps,
  actor: UserRow,
  id: number,
  active: boolean,
): Promise<Company> {
  return deps.db.transaction(async (tx) => {
    const current = await findCompanyRow(tx, id, true);
    if (!current) throw companyNotFound();
    const status = active ? 'ACTIVE' : 'INACTIVE';
    if (current.status === status && current.isActive === active) return (await findCompany(tx, id))!;
    await updateCompany(tx, id, { status, isActive: active });
    await recordActivity(tx, actor, 'company', id, {
      action: active ? 'company.activate' : 'company.deactivate',
      status,
      description: `${personName(actor)} ${active ? 'activated' : 'deactivated'} company ${current.name}`,
      details: { from: current.status, to: status },
    });
    return (await findCompany(tx, id))!;
  });
}

// What other modules read and change of companies: through this service, never through companies.repository.
export { clearManagerFromCompanies, findCompany, findCompanyRow } from './companies.repository';
