import useSWR from 'swr';
import { api } from 'shared-auth';
import type { PaymentSettings, VendorAccounts } from 'shared-contracts';
import { companyKeys } from './keys';

/** GET …/companies/{id}/payment-settings: the bank file settings, null until set. */
export function usePaymentSettings(id: number) {
  return useSWR(companyKeys.paymentSettings(id), () =>
    api.get<PaymentSettings | null>(`/api/company/companies/${id}/payment-settings`),
  );
}

/** GET …/companies/{id}/vendor-accounts: accounts (masked) and vendors of unpaid bills lacking one. */
export function useVendorAccounts(id: number) {
  return useSWR(companyKeys.vendorAccounts(id), () =>
    api.get<VendorAccounts>(`/api/company/companies/${id}/vendor-accounts`),
  );
}
