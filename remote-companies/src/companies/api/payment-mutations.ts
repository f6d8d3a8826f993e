// Writes of the company's Payments card. Each re-reads the card's data and the company's
// activity timeline, where every change is recorded.
import { mutate } from 'swr';
import { api } from 'shared-auth';
import type {
  PaymentSettings,
  PaymentSettingsInput,
  VendorAccount,
  VendorAccountCreate,
  VendorAccountUpdate,
} from 'shared-contracts';
import { companyKeys } from './keys';

async function andRevalidate<T>(id: number, promise: Promise<T>): Promise<T> {
  const result = await promise;
  await Promise.all([
    mutate(companyKeys.paymentSettings(id)),
    mutate(companyKeys.vendorAccounts(id)),
    mutate(companyKeys.activity(id)),
  ]);
  return result;
}

export function savePaymentSettings(id: number, input: PaymentSettingsInput) {
  return andRevalidate(id, api.put<PaymentSettings>(`/api/company/companies/${id}/payment-settings`, input));
}

export function createVendorAccount(id: number, input: VendorAccountCreate) {
  return andRevalidate(id, api.post<VendorAccount>(`/api/company/companies/${id}/vendor-accounts`, input));
}

export function updateVendorAccount(id: number, accountId: number, input: VendorAccountUpdate) {
  return andRevalidate(
    id,
    api.put<VendorAccount>(`/api/company/companies/${id}/vendor-accounts/${accountId}`, input),
  );
}

export function deleteVendorAccount(id: number, accountId: number) {
  return andRevalidate(id, api.delete<null>(`/api/company/companies/${id}/vendor-accounts/${accountId}`));
}

/** Dual control: a second person confirms the version of the account they reviewed. */
export function confirmVendorAccount(id: number, accountId: number, version: number) {
  return andRevalidate(
    id,
    api.put<VendorAccount>(`/api/company/companies/${id}/vendor-accounts/${accountId}/confirm`, { version }),
  );
}

export function confirmSettlementAccount(id: number, version: number) {
  return andRevalidate(
    id,
    api.put<PaymentSettings>(`/api/company/companies/${id}/payment-settings/confirm-settlement`, { version }),
  );
}
