// A record's create-and-edit page (/x/new and /x/{id}/edit), the same in every section: one form
// component for both, loaded by RouteRecord from the route's :id; the header with its breadcrumb
// (section, the record when editing, then 'New' or 'Edit'); the form; Cancel and the submit button.
import { Button, HStack, Stack } from '@chakra-ui/react';
import type { ComponentType, FormEventHandler, ReactNode } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { sectionNamed, type SectionName } from 'shared-contracts';
import { reportFormError, useResetForRecord, type ErrorTarget, type ServerErrorOptions } from './form-errors';
import { PageHeader, type Crumb } from './page-header';
import { RouteRecord, type RecordFailure, type RecordRequest, type RouteRecordProps } from './route-record';
import { notifySuccess } from './toaster';
import { useFormDraft } from './use-form-draft';

/** Props of RecordFormRoute: RouteRecord's, with one form for a new record (null) and a loaded one. */
export interface RecordFormRouteProps<Id, T> extends Omit<RouteRecordProps<Id, T>, 'renderNew' | 'children'> {
  form: (record: T | null) => ReactNode;
}

/**
 * @example export const CompanyFormPage = () => <RecordFormRoute useRecord={useCompany} loadingText="Loading..." renderFailure={(failure) => <CompanyNotFound failure={failure} />} form={(company) => <CompanyForm company={company} />} />;
 */
export function RecordFormRoute<Id = number, T = unknown>({ form, ...route }: RecordFormRouteProps<Id, T>) {
  return (
    <RouteRecord {...route} renderNew={() => form(null)}>
      {(record) => form(record)}
    </RouteRecord>
  );
}

/** How recordPage and recordFormPage load the record. */
export interface RecordRouteOptions<Id> {
  /** Text beside the spinner while the record loads ('Loading...' otherwise). */
  loadingText?: string;
  /** Turns the route's :id into an id, or null when it is not one; numeric ids by default. */
  parseId?: (raw: string | undefined) => Id | null;
}

/**
 * A record's page (/x/{id}) as a component: the record loaded from the route's :id, then `Page` with
 * it and its request (to re-read it), or the failure page.
 * @example export const CompanyDetailPage = recordPage(useCompany, CompanyDetail, (failure) => <CompanyNotFound failure={failure} />);
 */
export function recordPage<T, Id = number>(
  useRecord: (id: Id | null) => RecordRequest<T>,
  Page: ComponentType<{ record: T; request: RecordRequest<T> }>,
  renderFailure: (failure: RecordFailure) => ReactNode,
  { loadingText = 'Loading...', parseId }: RecordRouteOptions<Id> = {},
) {
  return function RecordPage() {
    return (
      <RouteRecord
        useRecord={useRecord}
        parseId={parseId}
        loadingText={loadingText}
        renderFailure={renderFailure}
      >
        {(record, request) => <Page record={record} request={request} />}
      </RouteRecord>
    );
  };
}

/**
 * A record's create-and-edit page (/x/new and /x/{id}/edit) as a component: `Form` with null on the
 * new route, with the loaded record on an edit route.
 * @example export const CompanyFormPage = recordFormPage(useCompany, CompanyForm, (failure) => <CompanyNotFound failure={failure} />);
 */
export function recordFormPage<T, Id = number>(
  useRecord: (id: Id | null) => RecordRequest<T>,
  Form: ComponentType<{ record: T | null }>,
  renderFailure: (failure: RecordFailure) => ReactNode,
  { loadingText = 'Loading...', parseId }: RecordRouteOptions<Id> = {},
) {
  return function RecordFormPageRoute() {
    return (
      <RecordFormRoute
        useRecord={useRecord}
        parseId={parseId}
        loadingText={loadingText}
        renderFailure={renderFailure}
        form={(record) => <Form record={record} />}
      />
    );
  };
}

/** How a record's form is set up. */
export interface RecordFormOptions<V extends FieldValues, R> {
  resolver: Resolver<V, unknown, unknown>;
  /** The values of a new record's form. */
  empty: V;
  /** The form's values for a loaded record. */
  toValues: (record: R) => V;
  /** Names the kind of record in the kept draft, e.g. 'company' (the record's id or 'new' follows). */
  draft: string;
  /** Fields never kept in the draft (passwords). */
  omit?: ReadonlyArray<keyof V & string>;
}

/**
 * The form of a record's create-and-edit page: validated by `resolver`, filled from the record (again
 * when another record comes to the same form), and what is typed kept through a session that ends
 * mid-form or a reload.
 * @example const form = useRecordForm<CompanyFormInput, CompanyFormOutput, Company>(company, { resolver: valibotResolver(CompanyFormSchema), empty: EMPTY_FORM, toValues: toFormValues, draft: 'company' });
 */
export function useRecordForm<V extends FieldValues, O, R extends { id: unknown }>(
  record: R | null,
  { resolver, empty, toValues, draft, omit }: RecordFormOptions<V, R>,
): UseFormReturn<V, unknown, O> {
  const form = useForm<V, unknown, O>({
    resolver: resolver as Resolver<V, unknown, O>,
    defaultValues: (record ? toValues(record) : empty) as DefaultValues<V>,
  });
  useFormDraft(form as unknown as UseFormReturn<V>, { key: `${draft}:${record?.id ?? 'new'}`, omit });
  useResetForRecord(form.reset, record, toValues);
  return form;
}

/** Props of FormActions. */
export interface FormActionsProps {
  /** Where Cancel goes: the record's page, or the list for a new one. */
  cancelTo: string;
  submitLabel: string;
  submitting: boolean;
}

/** Cancel and the submit button, at the end of a record's form. */
export function FormActions({ cancelTo, submitLabel, submitting }: FormActionsProps) {
  return (
    <HStack justify="flex-end" gap="3">
      <Button asChild variant="outline">
        <RouterLink to={cancelTo}>Cancel</RouterLink>
      </Button>
      <Button type="submit" colorPalette="blue" loading={submitting}>
        {submitLabel}
      </Button>
    </HStack>
  );
}

/** Props of RecordFormPage. */
export interface RecordFormPageProps {
  title: string;
  description?: ReactNode;
  /** The section's breadcrumb step, e.g. { label: 'Companies', to: '/companies' }. */
  section: Crumb;
  /** The record's step when editing one (its page), null when creating. */
  record: Crumb | null;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The form's accessible name (its title, for a page with more than one form). */
  formLabel?: string;
  /** Cancel and submit under the form's content; left out when the content places them itself. */
  actions?: FormActionsProps;
  children: ReactNode;
}

/**
 * @example <RecordFormPage title="Edit Company" section={{ label: 'Companies', to: '/companies' }} record={{ label: company.name, to: `/companies/${company.id}` }} onSubmit={handleSubmit(save)} formLabel="Edit Company" actions={{ cancelTo: `/companies/${company.id}`, submitLabel: 'Update Company', submitting: isSubmitting }}>…</RecordFormPage>
 */
export function RecordFormPage({
  title,
  description,
  section,
  record,
  onSubmit,
  formLabel,
  actions,
  children,
}: RecordFormPageProps) {
  return (
    <Stack gap="6">
      <PageHeader
        title={title}
        description={description}
        breadcrumbs={[section, ...(record ? [record] : []), { label: record ? 'Edit' : 'New' }]}
      />
      <form onSubmit={onSubmit} noValidate aria-label={formLabel}>
        {actions ? (
          <Stack gap="6">
            {children}
            <FormActions {...actions} />
          </Stack>
        ) : (
          children
        )}
      </form>
    </Stack>
  );
}

/** How a record's form saves. */
export interface RecordSubmitOptions<V, S> {
  /** Creates or updates the record; answers what the page opens next from. */
  save: (values: V) => Promise<S>;
  /** The success notice, e.g. 'Company updated successfully'. */
  notice: string;
  /** The page to open once saved, usually the record's. */
  to: (saved: S) => string;
  /** Which server field errors go on fields, and which field takes the focus. */
  errors?: ServerErrorOptions;
}

/**
 * The submit handler of a record's form: saves, says so and opens the record's page; a failure puts
 * the server's field errors on their fields and says the error (the form stays as typed).
 * @example const onSubmit = useRecordSubmit(form, { save: (values) => createCompany(values), notice: 'Company created successfully', to: (created) => `/companies/${created.id}`, errors: { fields: FORM_FIELDS } });
 */
export function useRecordSubmit<T extends FieldValues, V, S>(
  form: ErrorTarget<T>,
  { save, notice, to, errors }: RecordSubmitOptions<V, S>,
): (values: V) => Promise<void> {
  const navigate = useNavigate();
  return async (values: V) => {
    let saved: S;
    try {
      saved = await save(values);
    } catch (error) {
      reportFormError(form, error, errors);
      return;
    }
    notifySuccess(notice);
    navigate(to(saved));
  };
}

/** How a section's create-and-edit page works: its form, whose record it is and how it saves. */
export interface RecordFormSetup<V extends FieldValues, O, R extends { id: number }> extends Omit<
  RecordFormOptions<V, R>,
  'draft'
> {
  /**
   * The record's section: its list and the record's page (`<path>/<id>`) for the breadcrumb, Cancel
   * and after saving.
   */
  section: SectionName;
  /**
   * What one record is called: 'Company' gives 'Create Company', 'Edit Company', 'Update Company',
   * 'Company updated successfully' and the kept draft's name ('company').
   */
  noun: string;
  /** The new record's title when it is not 'Create <noun>'. */
  newTitle?: string;
  /** The record's name in the breadcrumb. */
  label: (record: R) => string;
  create: (values: O) => Promise<{ id: number }>;
  update: (record: R, values: O) => Promise<unknown>;
  /** Which server field errors go on fields, and which field takes the focus. */
  errors?: ServerErrorOptions;
}

/** What useRecordFormPage gives: the form, and RecordFormPage's props but its description and content. */
export interface RecordFormPageSetup<V extends FieldValues, O> {
  form: UseFormReturn<V, unknown, O>;
  page: Omit<RecordFormPageProps, 'children' | 'description'>;
}

/**
 * A section's create-and-edit page set up in one call: the record's form (useRecordForm), its save
 * (useRecordSubmit: create or update, the notice, then the record's page) and the page's title,
 * breadcrumb, Cancel and submit button, all worded from the section and the record's noun.
 * @example const { form, page } = useRecordFormPage<CompanyFormInput, CompanyFormOutput, Company>(company, { section: 'companies', noun: 'Company', label: (record) => record.name, resolver: valibotResolver(CompanyFormSchema), empty: EMPTY_FORM, toValues, create: createCompany, update: (record, values) => updateCompany(record.id, values) });
 * …<RecordFormPage {...page}><TextField form={form} name="phone" label="Phone" type="tel" /></RecordFormPage>
 */
export function useRecordFormPage<V extends FieldValues, O, R extends { id: number }>(
  record: R | null,
  { section, noun, newTitle, label, create, update, errors, ...options }: RecordFormSetup<V, O, R>,
): RecordFormPageSetup<V, O> {
  const form = useRecordForm<V, O, R>(record, { ...options, draft: noun.toLowerCase() });
  const list = sectionNamed(section);
  const pageOf = (saved: { id: number }) => `${list.path}/${saved.id}`;
  const onSubmit = useRecordSubmit(form, {
    save: async (values: O) => (record ? (await update(record, values), record) : create(values)),
    notice: `${noun} ${record ? 'updated' : 'created'} successfully`,
    to: pageOf,
    errors,
  });
  const title = record ? `Edit ${noun}` : (newTitle ?? `Create ${noun}`);
  return {
    form,
    page: {
      title,
      section: { label: list.label, to: list.path },
      record: record && { label: label(record), to: pageOf(record) },
      onSubmit: form.handleSubmit(onSubmit),
      formLabel: title,
      actions: {
        cancelTo: record ? pageOf(record) : list.path,
        submitLabel: `${record ? 'Update' : 'Create'} ${noun}`,
        submitting: form.formState.isSubmitting,
      },
    },
  };
}
