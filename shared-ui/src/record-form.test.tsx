import { fireEvent, screen, waitFor } from '@testing-library/react';
import { valibotResolver } from '@hookform/resolvers/valibot';
import * as v from 'valibot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  RecordFormPage,
  RecordFormRoute,
  recordFormPage,
  recordPage,
  useRecordForm,
  useRecordFormPage,
  useRecordSubmit,
  type RecordFormSetup,
} from './record-form';
import type { RecordRequest } from './route-record';
import { renderWithProviders } from './test-utils';
import { TextField } from './text-field';
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

  it("reads the route's id with the page's own parser, and its loading text", () => {
    const useRecord = vi.fn((id: string | null) =>
      id === 'AB-1' ? ready : ({ isLoading: true, mutate: vi.fn() } as RecordRequest<{ name: string }>),
    );
    const Page = recordPage(
      useRecord,
      ({ record }) => <p>page of {record.name}</p>,
      () => <p>failed</p>,
      {
        parseId: (raw) => raw?.toUpperCase() ?? null,
        loadingText: 'Loading thing...',
      },
    );
    const { unmount } = renderWithProviders(<Page />, {
      path: '/things/:id',
      initialEntries: ['/things/ab-1'],
    });
    expect(screen.getByText('page of Acme')).toBeTruthy();
    expect(useRecord).toHaveBeenCalledWith('AB-1');
    unmount();
    renderWithProviders(<Page />, { path: '/things/:id', initialEntries: ['/things/cd-2'] });
    expect(screen.getByRole('status').textContent).toContain('Loading thing...');
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

describe('useRecordFormPage', () => {
  interface Thing {
    id: number;
    name: string;
  }
  const schema = v.object({ name: v.pipe(v.string(), v.trim(), v.nonEmpty('Name is required')) });
  const setup = (save: {
    create?: () => Promise<Thing>;
    update?: () => Promise<unknown>;
  }): RecordFormSetup<{ name: string }, { name: string }, Thing> => ({
    section: 'companies',
    noun: 'Company',
    label: (company) => company.name,
    resolver: valibotResolver(schema),
    empty: { name: '' },
    toValues: (company) => ({ name: company.name }),
    create: save.create ?? (() => Promise.resolve({ id: 1, name: '' })),
    update: save.update ?? (() => Promise.resolve()),
  });

  function ThingForm({ record, options }: { record: Thing | null; options: ReturnType<typeof setup> }) {
    const { form, page } = useRecordFormPage(record, options);
    return (
      <RecordFormPage {...page}>
        <TextField form={form} name="name" label="Company Name" required />
      </RecordFormPage>
    );
  }

  it("words a new record's page from the section and the noun, creates it and opens its page", async () => {
    const success = vi.spyOn(toaster, 'notifySuccess').mockImplementation(() => '');
    const create = vi.fn(() => Promise.resolve({ id: 1, name: 'Acme' }));
    renderWithProviders(<ThingForm record={null} options={setup({ create })} />);
    expect(screen.getByRole('heading', { name: 'Create Company' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' }).textContent).toMatch(/Companies.*New/);
    expect(screen.getByRole('link', { name: 'Cancel' }).getAttribute('href')).toBe('/companies');
    fireEvent.change(screen.getByRole('textbox', { name: /Company Name/ }), { target: { value: 'Acme' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Company' }));
    expect(await screen.findByText('Company page')).toBeTruthy();
    expect(create).toHaveBeenCalledWith({ name: 'Acme' });
    expect(success).toHaveBeenCalledWith('Company created successfully');
  });

  it("edits a loaded record: its crumb, Update, the update with the record, then the record's page", async () => {
    const success = vi.spyOn(toaster, 'notifySuccess').mockImplementation(() => '');
    const update = vi.fn(() => Promise.resolve());
    renderWithProviders(<ThingForm record={{ id: 1, name: 'Acme' }} options={setup({ update })} />);
    expect(screen.getByRole('heading', { name: 'Edit Company' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Acme' }).getAttribute('href')).toBe('/companies/1');
    expect(screen.getByRole('link', { name: 'Cancel' }).getAttribute('href')).toBe('/companies/1');
    fireEvent.click(screen.getByRole('button', { name: 'Update Company' }));
    expect(await screen.findByText('Company page')).toBeTruthy();
    expect(update).toHaveBeenCalledWith({ id: 1, name: 'Acme' }, { name: 'Acme' });
    expect(success).toHaveBeenCalledWith('Company updated successfully');
  });

  it("puts a field's error under its TextField and saves nothing", async () => {
    const create = vi.fn(() => Promise.resolve({ id: 1, name: '' }));
    renderWithProviders(<ThingForm record={null} options={setup({ create })} />);
    fireEvent.click(screen.getByRole('button', { name: 'Create Company' }));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    const input = screen.getByRole('textbox', { name: /Company Name/ });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBeTruthy();
    expect(create).not.toHaveBeenCalled();
  });
});
