/** The four sections the host loads at run time, in sidebar order after the dashboard. */
export const SECTIONS = [
  { name: 'companies', label: 'Companies', path: '/companies' },
  { name: 'users', label: 'Users', path: '/users' },
  { name: 'managers', label: 'Managers', path: '/managers' },
  { name: 'approvals', label: 'Approvals', path: '/approvals' },
] as const;

export type SectionName = (typeof SECTIONS)[number]['name'];
