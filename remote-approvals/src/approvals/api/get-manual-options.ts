// What the 'New approval request' screen chooses from: companies (those connected to QuickBooks shown
// but not choosable) and the chosen company's vendors.
import useSWR from 'swr';
import { api } from 'shared-auth';
import { COMPANY_FILTER_LIMIT, type Company, type VendorAccounts } from 'shared-contracts';
import type { SelectOption } from 'shared-ui/table';
import { approvalKeys } from './keys';

/** A company to choose; `connected` ones get their bills from QuickBooks and are disabled. */
export interface ManualCompanyOption extends SelectOption {
  name: string;
  connected: boolean;
}

/** QuickBooks states in which the company's bills come from QuickBooks (the API refuses these too). */
const LINKED = new Set(['connected', 'error']);

/** Up to 1000 companies by name, read once. */
export function useManualCompanyOptions() {
  return useSWR(approvalKeys.manualCompanies(), async (): Promise<ManualCompanyOption[]> => {
    const page = await api.getPaged<Pick<Company, 'id' | 'name' | 'qbConnectionStatus'>>(
      '/api/company/companies',
      {
        searchParams: { limit: COMPANY_FILTER_LIMIT, sortBy: 'name', sortOrder: 'asc' },
        fallbackMessage: 'Failed to fetch companies',
      },
    );
    return page.data.map((company) => {
      const connected = LINKED.has(company.qbConnectionStatus ?? '');
      return {
        value: String(company.id),
        label: connected ? `${company.name} (connected to QuickBooks)` : company.name,
        name: company.name,
        connected,
        disabled: connected,
      };
    });
  });
}

/**
 * The company's vendors: those with a bank account and those of its unpaid bills without one (the
 * API accepts exactly these), by name.
 */
export function useVendorOptions(companyId: number | null) {
  return useSWR(companyId ? approvalKeys.vendors(companyId) : null, async () => {
    const { accounts, missingVendors } = await api.get<VendorAccounts>(
      `/api/company/companies/${companyId}/vendor-accounts`,
    );
    const vendors = new Map<string, string>();
    for (const vendor of missingVendors)
      vendors.set(vendor.vendorRef, `${vendor.vendorName} (no bank account yet)`);
    for (const account of accounts) vendors.set(account.vendorRef, account.vendorName);
    return [...vendors]
      .map(([value, label]) => ({ value, label }))
      .sort((a, b) => a.label.localeCompare(b.label));
  });
}
