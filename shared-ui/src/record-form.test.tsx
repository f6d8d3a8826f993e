import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  RecordFormPage,
  RecordFormRoute,
  recordFormPage,
  recordPage,
  useRecordForm,
  useRecordSubmit,
} from './record-form';
import type { RecordRequest } from './route-record';
import { renderWithProviders } from './test-utils';
import * as toaster from './toaster';

afterEach(() => vi.restoreAllMocks());

const section = { label: 'Companies', to: '/companies' };

describe('RecordFormPage', () => {
  it("creating: the section's crumb then 'New', the form named by its title, Cancel to the list", () => {
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    renderWithProviders(
      <RecordFormPage
        title="Create Company"
        section={section}
        record={null}
        onSubmit={onSubmit}
        formLabel="Create Company"
        actions={{ cancelTo: '/companies', submitLabel: 'Create Company', submitting: false }}
      >
        <input aria-label="Name" />
      </RecordFormPage>,
    );
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(crumbs.textContent).toContain('Companies');
    expect(crumbs.textContent).toContain('New');
    expect(screen.getByRole('heading', { name: 'Create Company' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Cancel' }).getAttribute('href')).toBe('/companies');
    fireEvent.submit(screen.getByRole('form', { name: 'Create Company' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it("editing: the record's crumb before 'Edit', and no actions when the content places its own", () => {
    renderWithProviders(
      <RecordFormPage
        title="Edit Company"
        section={section}
        record={{ label: 'Acme', to: '/companies/1' }}
        onSubmit={(event) => event.preventDefault()}
      >
        <p>fields</p>
      </RecordFormPage>,
    );
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(crumbs.textContent).toMatch(/Companies.*Acme.*Edit/);
    expect(screen.getByRole('link', { name: 'Acme' }).getAttribute('href')).toBe('/companies/1');
    expect(screen.queryByRole('link', { name: 'Cancel' })).toBeNull();
    // Unnamed: a page with one form needs no form landmark.
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('shows the submit button busy while saving', () => {
    renderWithProviders(
      <RecordFormPage
        title="Edit Company"
        section={section}
        record={{ label: 'Acme', to: '/companies/1' }}
        onSubmit={(event) => event.preventDefault()}
        actions={{ cancelTo: '/companies/1', submitLabel: 'Update Company', submitting: true }}
      >
        <p>fields</p>
      </RecordFormPage>,
    );
    const submit = document.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    expect(submit.disabled).toBe(true);
    expect(submit.hasAttribute('data-loading')).toBe(true);
  });
});

describe('RecordFormRoute', () => {
  const ready = { isLoading: false, mutate: vi.fn(), data: { id: 1, name: 'Acme' } } as RecordRequest<{
    id: number;
    name: string;
  }>;

  it('gives the form null on the new route and the loaded record on an id', () => {
    const form = (record: { name: string } | null) => <p>form for {record ? record.name : 'a new one'}</p>;
    renderWithProviders(
      <RecordFormRoute useRecord={() => ready} renderFailure={() => <p>failed</p>} form={form} />,
      { path: '/companies/new' },
    );
    expect(screen.getByText('form for a new one')).toBeTruthy();
  });

  it('loads the record of the route', () => {
    const useRecord = vi.fn(() => ready);
    renderWithProviders(
      <RecordFormRoute
        useRecord={useRecord}
        renderFailure={() => <p>failed</p>}
        form={(record) => <p>form for {record ? record.name : 'a new one'}</p>}
      />,
      { path: '/companies/:id/edit', initialEntries: ['/companies/1/edit'] },
    );
    expect(screen.getByText('form for Acme')).toBeTruthy();
    expect(useRecord).toHaveBeenCalledWith(1);
  });
});

describe('useRecordSubmit', () => {
  function SaveProbe({ save }: { save: () => Promise<{ id: number }> }) {
    const setError = vi.fn();
    const onSubmit = useRecordSubmit(
      { setError },
      { save, notice: 'Company created successfully', to: (saved) => `/companies/${saved.id}` },
    );
    return (
      <button type="button" onClick={() => void onSubmit({})}>
        Save
      </button>
    );
  }

  it("saves, says so and opens the saved record's page", async () => {
    const success = vi.spyOn(toaster, 'notifySuccess').mockImplementation(() => '');
    renderWithProviders(<SaveProbe save={async () => ({ id: 1 })} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Company page')).toBeTruthy();
    expect(success).toHaveBeenCalledWith('Company created successfully');
  });

  it('stays on the form and says the error when saving fails', async () => {
    const success = vi.spyOn(toaster, 'notifySuccess').mockImplementation(() => '');
    const failure = vi.spyOn(toaster, 'notifyError').mockImplementation(() => '');
    renderWithProviders(<SaveProbe save={() => Promise.reject(new Error('Name is taken'))} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(failure).toHaveBeenCalledWith('Name is taken'));
    expect(success).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
  });
});

describe('recordPage and recordFormPage', () => {
  const ready = { isLoading: false, mutate: vi.fn(), data: { id: 1, name: 'Acme' } } as RecordRequest<{
    id: number;
    name: string;
  }>;
  const missing = { isLoading: false, mutate: vi.fn(), data: undefined, error: new Error('Not found') };

  it('shows the record page with the loaded record', () => {
    const Page = recordPage(
      () => ready,
      ({ record }) => <p>page of {record.name}</p>,
      () => <p>failed</p>,
    );
    renderWithProviders(<Page />, { path: '/things/:id', initialEntries: ['/things/1'] });
    expect(screen.getByText('page of Acme')).toBeTruthy();
  });

  it('shows the failure page when the record cannot be read', () => {
    const Page = recordPage(
      () => missing as unknown as RecordRequest<{ name: string }>,
      ({ record }) => <p>page of {record.name}</p>,
      (failure) => <p>failed: {failure.message}</p>,
    );
    renderWithProviders(<Page />, { path: '/things/:id', initialEntries: ['/things/1'] });
    expect(screen.getByText('failed: Not found')).toBeTruthy();
  });

  it('gives the form page null on the new route', () => {
    const FormPage = recordFormPage(
      () => ready,
      ({ record }) => <p>form for {record ? record.name : 'a new one'}</p>,
      () => <p>failed</p>,
    );
    renderWithProviders(<FormPage />, { path: '/companies/new' });
    expect(screen.getByText('form for a new one')).toBeTruthy();
  });
});

describe('useRecordForm', () => {
  interface Values {
    name: string;
  }
  function NameForm({ record }: { record: { id: number; name: string } | null }) {
    const form = useRecordForm<Values, Values, { id: number; name: string }>(record, {
      resolver: async (values) => ({ values, errors: {} }),
      empty: { name: '' },
      toValues: (company) => ({ name: company.name }),
      draft: 'company',
    });
    return <input aria-label="Name" {...form.register('name')} />;
  }

  it('starts empty for a new record and filled from a loaded one', () => {
    const { unmount } = renderWithProviders(<NameForm record={null} />);
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');
    unmount();
    renderWithProviders(<NameForm record={{ id: 3, name: 'Acme' }} />);
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Acme');
  });
});
