import { COMPANY_STATUSES, INDUSTRIES } from 'shared-contracts';
import { titleCase } from 'shared-ui';
import { type SelectOption } from 'shared-ui/table';

export const STATUS_FILTER_OPTIONS: SelectOption[] = [
  { value: '', label: 'All statuses' },
  ...COMPANY_STATUSES.map((status) => ({ value: status, label: titleCase(status) })),
];

/** QuickBooks filter: 'none' asks for companies that were never connected. */
export const QB_FILTER_OPTIONS: SelectOption[] = [
  { value: '', label: 'All QuickBooks states' },
  { value: 'connected', label: 'Connected' },
  { value: 'disconnected', label: 'Disconnected' },
  { value: 'error', label: 'Error' },
  { value: 'none', label: 'Not connected' },
];

export const INDUSTRY_OPTIONS: SelectOption[] = INDUSTRIES.map((industry) => ({
  value: industry,
  label: industry,
}));
