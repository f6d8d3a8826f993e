// Company writes. Each re-reads the lists and the company it touched, after a refused write too.
import { mutate } from 'swr';
import { api } from 'shared-auth';
import type {
  Company,
  QbConnectCallback,
  QbConnectResult,
  QbConnectStart,
  QbSyncStatus,
  QbTokenRefreshResult,
} from 'shared-contracts';
import { bulkEach, type RowId } from 'shared-ui/table';
import { companyKeys, companyList, revalidateCompanies } from './keys';

export type CompanyPayload = Record<string, string | number | null | undefined>;
export type AssigneeField = 'managerId' | 'processorId' | 'approverId' | 'accountantId';

const { andRevalidate } = companyList;

/** POST /api/company/companies; the answer has the new id. */
export function createCompany(payload: CompanyPayload) {
  return andRevalidate(api.post<Company>('/api/company/companies', payload));
}

/** PUT /api/company/companies/{id} with the whole form. */
export function updateCompany(id: number, payload: CompanyPayload) {
  return andRevalidate(api.put<Company>(`/api/company/companies/${id}`, payload), id);
}

/** What an inline assignment failure says when the server gives no message. */
export const ASSIGNMENT_FAILED = 'Failed to update assignment';

/** PUT with exactly one assignee field; null clears it. */
export function updateAssignment(id: number, field: AssigneeField, value: number | null) {
  return andRevalidate(
    api.put<Company>(
      `/api/company/companies/${id}`,
      { [field]: value },
      { fallbackMessage: ASSIGNMENT_FAILED },
    ),
    id,
  );
}

/** DELETE /api/company/companies/{id}; drops the cached detail instead of re-reading a 404. */
export async function deleteCompany(id: number) {
  await api.delete<null>(`/api/company/companies/${id}`);
  await mutate(companyKeys.detail(id), undefined, { revalidate: false });
  await revalidateCompanies();
}

/** PUT …/reactivate or …/deactivate. */
export function setCompanyActive(id: number, active: boolean) {
  const action = active ? 'reactivate' : 'deactivate';
  return andRevalidate(api.put<Company>(`/api/company/companies/${id}/${action}`), id);
}

/** The bulk bar's Activate / Deactivate: all at once, each outcome reported (the list re-reads once). */
export function setCompaniesActive(ids: RowId[], active: boolean) {
  const action = active ? 'reactivate' : 'deactivate';
  return bulkEach(ids, (id) => api.put<Company>(`/api/company/companies/${id}/${action}`), {
    parallel: true,
  });
}

/** POST …/refresh-qb-token: a real OAuth refresh against QuickBooks. */
export function refreshQbToken(id: number) {
  return andRevalidate(api.post<QbTokenRefreshResult>(`/api/company/companies/${id}/refresh-qb-token`), id);
}

/** POST …/qb-connect: the consent page's address, with a fresh single-use state. */
export function startQbConnect(id: number) {
  return api.post<QbConnectStart>(`/api/company/companies/${id}/qb-connect`);
}

/** POST /api/company/quickbooks/callback with what QuickBooks put on the redirect URI. */
export async function completeQbConnect(callback: QbConnectCallback) {
  const result = await api.post<QbConnectResult>('/api/company/quickbooks/callback', callback);
  await revalidateCompanies(result.companyId);
  return result;
}

/** POST …/qb-disconnect: revokes the tokens at QuickBooks and forgets the realm. */
export function disconnectQb(id: number) {
  return andRevalidate(api.post<Company>(`/api/company/companies/${id}/qb-disconnect`), id);
}

/** POST …/qb-sync ('Sync now'): queues an import; the answer is the panel as it stands. */
export async function startQbSync(id: number) {
  const status = await api.post<QbSyncStatus>(`/api/company/companies/${id}/qb-sync`);
  await mutate(companyKeys.qbSync(id), status, { revalidate: true });
  return status;
}
