// A remote's routes, guarded as the section registry says: a route marked `access: 'manage'` opens
// for the section's manageRole and up, one marked with a page's path (SECTION_PAGES) for that page's
// minRole; anyone else gets the Access Denied page. Every section ends in the same catch-all.
import type { ReactElement, ReactNode } from 'react';
import { type RouteObject } from 'react-router-dom';
import { RequireRole } from 'shared-auth';
import { SECTION_PAGES, sectionNamed, type Role, type SectionName } from 'shared-contracts';
import { AccessDenied } from './states';
import { UnknownPath } from './unknown-path';

/** A page of a section with its own role (SECTION_PAGES), e.g. '/users/audit'. */
export type SectionPagePath = (typeof SECTION_PAGES)[number]['path'];

/** One of a section's routes: react-router's, plus who may open it. */
export type SectionRoute = RouteObject & {
  /** 'manage': the section's manageRole and up; a page's path: that page's minRole and up. */
  access?: 'manage' | SectionPagePath;
};

/** The role a route's `access` asks for; throws for a page the registry does not list. */
export function accessRole(section: SectionName, access: 'manage' | SectionPagePath): Role | null {
  if (access === 'manage') return sectionNamed(section).manageRole;
  const page = SECTION_PAGES.find((entry) => entry.path === access && entry.section === section);
  if (!page) throw new Error(`No page ${access} in section "${section}"`);
  return page.minRole;
}

/** `element`, or the Access Denied page for a role below `role` (and for everyone when it is null). */
function Guarded({ role, children }: { role: Role | null; children: ReactNode }) {
  if (role === null) return <AccessDenied />;
  return (
    <RequireRole role={role} fallback={<AccessDenied />}>
      {children}
    </RequireRole>
  );
}

/**
 * The section's routes as the host mounts them (relative to the section's path), each guarded by its
 * `access`, then the catch-all that sends an unknown path to the dashboard, which names it.
 * @example export const routes = sectionRoutes('companies', [{ index: true, element: <CompanyListPage /> }, { path: 'new', access: 'manage', element: <CompanyFormPage /> }]);
 */
export function sectionRoutes(section: SectionName, routes: readonly SectionRoute[]): RouteObject[] {
  return [
    ...routes.map(({ access, ...route }) =>
      access
        ? ({
            ...route,
            element: <Guarded role={accessRole(section, access)}>{route.element as ReactElement}</Guarded>,
          } as RouteObject)
        : (route as RouteObject),
    ),
    { path: '*', element: <UnknownPath /> },
  ];
}
