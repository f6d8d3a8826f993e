// shared-ui core: the console's design package, loaded once per page as a Module Federation singleton.
// Host and remotes import UI only from here and from the subpath entries, never from @chakra-ui/react or
// @emotion/react. This entry holds what the sign-in page and every page frame need (provider, system,
// notices, page header, states, layout primitives); tables, dialogs and menus, form controls, date
// formatting, the display widgets, a record's loader and form helpers and the standalone shell are the
// entries `shared-ui/table`, `shared-ui/dialog`, `shared-ui/form`, `shared-ui/format`,
// `shared-ui/display`, `shared-ui/record` and `shared-ui/standalone` (./entry), each shared on its own
// so a page loads only what it uses.

export * from './chakra';
export { system } from './system';
export { UiProvider } from './ui-provider';
export { SWR_OPTIONS } from './swr-options';
export { NOTICE_CLEARANCE, Toaster, notifyError, notifyInfo, notifySuccess, preloadNotices } from './toaster';
export { notifyFailure } from './notify-failure';
export { PageHeader, HOME_CRUMB, type Crumb, type PageHeaderProps } from './page-header';
export {
  AccessDenied,
  BACK_TO_DASHBOARD_LABEL,
  CLEAR_FILTERS_LABEL,
  EmptyState,
  ErrorState,
  FullPageSpinner,
  LoadingState,
  NoMatchesState,
  RETRY_LABEL,
  type EmptyStateProps,
  type ErrorStateProps,
  type NoMatchesStateProps,
} from './states';
export { TruncatedText, type TruncatedTextProps } from './truncated-text';
export { UnknownPath, UnknownPathNotice, unknownPathOf } from './unknown-path';
export { PHONE_QUERY, useMediaQuery } from './use-media-query';
export { FullScreenProvider, useFullScreenState, useFullScreenView } from './full-screen-view';
export { FormField, type FormFieldProps } from './form-field';
export { DRAFT_RESTORED_NOTICE, useFormDraft, type FormDraftOptions } from './use-form-draft';
export { SignInPage, SIGN_IN_LABELS, type SignInPageProps } from './sign-in-page';
export {
  ActiveBadge,
  PriorityBadge,
  QbStatusBadge,
  RoleBadge,
  StatusBadge,
  priorityBadgeStyle,
  qbStatusBadgeStyle,
  roleBadgeStyle,
  statusBadgeStyle,
  titleCase,
  type BadgePalette,
  type BadgeStyle,
} from './badges';
export { DetailList, DetailRow, type DetailListProps, type DetailRowProps } from './detail-list';
export { SectionCard, type SectionCardProps } from './section-card';
export { SectionShell } from './section-shell';
