import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Button } from './chakra';
import { PageHeader } from './page-header';
import { renderWithProviders } from './test-utils';

describe('PageHeader', () => {
  it('starts the breadcrumb with Home → /dashboard and marks the last crumb as the current page', () => {
    renderWithProviders(
      <PageHeader
        title="Edit Company"
        description="Update the company"
        breadcrumbs={[
          { label: 'Companies', to: '/companies' },
          { label: 'Acme', to: '/companies/1' },
          { label: 'Edit' },
        ]}
        actions={<Button>Save</Button>}
      />,
    );
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    const links = within(nav).getAllByRole('link');
    expect(links[0]).toHaveProperty('textContent', 'Home');
    expect(links[0]?.getAttribute('href')).toBe('/dashboard');
    expect(within(nav).getByRole('link', { name: 'Companies' }).getAttribute('href')).toBe('/companies');
    const current = within(nav).getByText('Edit').closest('[aria-current]');
    expect(current?.getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Company' })).toBeTruthy();
    expect(screen.getByText('Update the company')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
  });

  it('makes Home the current page when there are no further crumbs', () => {
    renderWithProviders(<PageHeader title="Dashboard" breadcrumbs={[]} />);
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(nav).getByText('Home').closest('[aria-current]')?.getAttribute('aria-current')).toBe(
      'page',
    );
  });
});
