// shared-ui: the console's design package, loaded once per page as a Module Federation singleton.
// Host and remotes import UI only from here, never from @chakra-ui/react or @emotion/react.

export * from './chakra';
export { system } from './system';
export { UiProvider } from './ui-provider';
export { NOTICE_CLEARANCE, Toaster, toaster, notifyError, notifyInfo, notifySuccess } from './toaster';
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
export { PHONE_QUERY, useMediaQuery } from './use-media-query';
export { FullScreenProvider, useFullScreenState, useFullScreenView } from './full-screen-view';
export { FormField, type FormFieldProps } from './form-field';
export { DRAFT_RESTORED_NOTICE, useFormDraft, type FormDraftOptions } from './use-form-draft';
export { SignInPage, SIGN_IN_LABELS, type SignInPageProps } from './sign-in-page';
export {
  createStandaloneRouter,
  renderStandalone,
  type RenderStandaloneOptions,
  type StandaloneOptions,
} from './standalone';
export {
  FALLBACK,
  formatDate,
  formatDateLong,
  formatExpiresIn,
  formatRelative,
  formatUptime,
  formatUsd,
  toDate,
  type DateInput,
} from './format';
export {
  compareValues,
  fromSortParams,
  getByPath,
  isMissingValue,
  nextSortDirection,
  sortRows,
  toSortParams,
  toSortQuery,
  type SortConfig,
  type SortDirection,
} from './sort';
export {
  DEFAULT_CELL_MAX_WIDTH,
  DataTable,
  useSortedRows,
  useTableSort,
  type DataTableColumn,
  type DataTableProps,
  type RowId,
  type TableSortState,
} from './data-table';
export {
  FullPagination,
  SimplePagination,
  pageRange,
  pageWindow,
  totalPagesOf,
  type FullPaginationProps,
  type PageRange,
  type SimplePaginationProps,
} from './pagination';
export {
  FilterPanel,
  SearchInput,
  SelectFilter,
  type FilterPanelProps,
  type SearchInputProps,
  type SelectFilterProps,
  type SelectOption,
} from './filter-panel';
export { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';
export { ActionDialog, type ActionDialogProps } from './action-dialog';
export { FormDialog, type FormDialogProps } from './form-dialog';
export { RowActionsMenu, type RowAction, type RowActionsMenuProps } from './row-actions-menu';
export { InlineSelectEditor, type InlineSelectEditorProps } from './inline-select-editor';
export {
  comparePeople,
  personLabel,
  personName,
  personOptions,
  withCurrentOption,
  type PersonLike,
} from './person-options';
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
export { SelectField, SwitchField, type SelectFieldProps, type SwitchFieldProps } from './form-controls';
export { BulkActionBar, type BulkActionBarProps } from './bulk-action-bar';
export {
  parseListParams,
  useListSearchParams,
  writeListParams,
  type ListParamValue,
  type ListSearchParams,
  type SetListStateOptions,
} from './use-list-search-params';
export { DetailList, DetailRow, type DetailListProps, type DetailRowProps } from './detail-list';
export { SectionCard, type SectionCardProps } from './section-card';
export { ActivityList, type ActivityListProps } from './activity-list';
export { SectionShell } from './section-shell';
