import { act, render, screen } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { sessionAtom, type Role, type User } from 'shared-auth';
import { afterEach, describe, expect, it } from 'vitest';
import { accessRole, sectionRoutes } from './section-routes';
import { UiProvider } from './ui-provider';

const store = getDefaultStore();
function signInAs(role: Role) {
  const user = { id: 1, email: 'u@example.com', role } as User;
  act(() => store.set(sessionAtom, { user, isAuthenticated: true }));
}
afterEach(() => act(() => store.set(sessionAtom, { user: null, isAuthenticated: false })));

const usersRoutes = sectionRoutes('users', [
  { index: true, element: <p>User list</p> },
  { path: 'new', access: 'manage', element: <p>New user form</p> },
  { path: 'audit', access: '/users/audit', element: <p>Audit log</p> },
]);

function open(url: string) {
  const router = createMemoryRouter(
    [
      { path: '/users', children: usersRoutes },
      { path: '/dashboard', element: <p>Dashboard page</p> },
    ],
    { initialEntries: [url] },
  );
  render(
    <UiProvider>
      <RouterProvider router={router} />
    </UiProvider>,
  );
}

describe('sectionRoutes', () => {
  it('opens an unguarded route to every role', () => {
    signInAs('GUEST');
    open('/users');
    expect(screen.getByText('User list')).toBeTruthy();
  });

  it("opens a 'manage' route to the section's manageRole and up", () => {
    signInAs('MODERATOR');
    open('/users/new');
    expect(screen.getByText('New user form')).toBeTruthy();
  });

  it("denies a 'manage' route below the section's manageRole", () => {
    signInAs('USER');
    open('/users/new');
    expect(screen.queryByText('New user form')).toBeNull();
    expect(screen.getByRole('heading', { name: /access denied/i })).toBeTruthy();
  });

  it("guards a page of the section by that page's own role", () => {
    signInAs('MODERATOR');
    open('/users/audit');
    expect(screen.queryByText('Audit log')).toBeNull();
    signInAs('ADMIN');
    expect(screen.getByText('Audit log')).toBeTruthy();
  });

  it('sends an unknown path of the section to the dashboard', () => {
    signInAs('ADMIN');
    open('/users/nothing/here');
    expect(screen.getByText('Dashboard page')).toBeTruthy();
  });

  it('reads the roles from the registry and refuses a page it does not list', () => {
    expect(accessRole('companies', 'manage')).toBe('MODERATOR');
    expect(accessRole('users', '/users/audit')).toBe('ADMIN');
    expect(() => accessRole('companies', '/users/audit')).toThrow(
      'No page /users/audit in section "companies"',
    );
  });
});
