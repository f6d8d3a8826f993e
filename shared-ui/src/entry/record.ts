// `shared-ui/record`: a record's pages: the loader from the route's :id (loading, not found, error with
// Retry) and a card's own request, the page shown instead of a record, the form helpers (server field
// errors, filling a form once per loaded record, a text field bound to the form), a record's
// create-and-edit page, and a section's routes guarded from the section registry. Built from core
// components only, so it adds no recipes.
export {
  RecordFailurePage,
  RouteRecord,
  recordState,
  type RecordFailure,
  type RecordFailurePageProps,
  type RecordRequest,
  type RecordState,
  type RouteRecordProps,
} from '../route-record';
export { RequestState, type CardRequest, type RequestStateProps } from '../request-state';
export {
  reportFormError,
  serverFieldErrors,
  useResetForRecord,
  type ErrorTarget,
  type ServerErrorOptions,
} from '../form-errors';
export { accessRole, sectionRoutes, type SectionPagePath, type SectionRoute } from '../section-routes';
export {
  FormActions,
  RecordFormPage,
  RecordFormRoute,
  recordFormPage,
  recordPage,
  useRecordForm,
  useRecordFormPage,
  useRecordSubmit,
  type FormActionsProps,
  type RecordFormPageProps,
  type RecordFormPageSetup,
  type RecordFormOptions,
  type RecordFormRouteProps,
  type RecordFormSetup,
  type RecordRouteOptions,
  type RecordSubmitOptions,
} from '../record-form';
export { TextField, type TextFieldProps } from '../text-field';
