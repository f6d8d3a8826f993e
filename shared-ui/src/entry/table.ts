// `shared-ui/table`: the list pages' pieces: list controller and view, list keys, bulk runner, data table with its phone
// cards, sort, pagination, filters, bulk actions and the list state kept in the URL.
import { addEntryRecipes } from '../entry-recipes';

// This entry's components are styled by recipes the core system does not hold (../entry-recipes.ts).
addEntryRecipes();

export { Table } from '@chakra-ui/react';
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
} from '../sort';
export {
  DEFAULT_CELL_MAX_WIDTH,
  DataTable,
  type DataTableColumn,
  type DataTableProps,
  type RowId,
} from '../data-table';
export { CELL } from '../data-table-cells';
export { useSortedRows, useTableSort, type TableSortState } from '../use-table-sort';
export { useRowCursor, type RowCursor } from '../use-row-cursor';
export { useListKeys, type ListKeys, type ListKeysOptions } from '../use-list-keys';
export {
  FullPagination,
  SimplePagination,
  pageRange,
  pageWindow,
  totalPagesOf,
  type FullPaginationProps,
  type PageRange,
  type SimplePaginationProps,
} from '../pagination';
export {
  DateFilter,
  FilterPanel,
  SearchInput,
  SelectFilter,
  type DateFilterProps,
  type FilterPanelProps,
  type SearchInputProps,
  type SelectFilterProps,
  type SelectOption,
} from '../filter-panel';
export { BulkActionBar, type BulkActionBarProps } from '../bulk-action-bar';
export {
  parseListParams,
  useListSearchParams,
  writeListParams,
  type ListParamValue,
  type ListSearchParams,
  type SetListStateOptions,
} from '../use-list-search-params';
export {
  useListController,
  type DateField,
  type FilterField,
  type ListController,
  type ListControllerOptions,
  type SearchField,
  type SelectField,
} from '../use-list-controller';
export { ListView, activationButtons, type BulkButton, type ListViewProps } from '../list-view';
/** A list controller's pages, for a view that lays its rows out itself (the approvals inbox's queue). */
export { ListPagination } from '../list-view-parts';
export { activationAction, bulkActivation, type BulkActivationOptions } from '../bulk-activation';
export { CsvExportButton, exportCsv, type CsvExportButtonProps, type ExportProgress } from '../csv-export';
export {
  bulkEach,
  doneNotice,
  notifyBulkOutcome,
  useBulkRunner,
  type BulkAction,
  type BulkFailure,
  type BulkRunOutcome,
  type BulkRunner,
  type BulkRunnerOptions,
} from '../bulk-runner';
export {
  listResource,
  type ListRequest,
  type ListResource,
  type ListResourceOptions,
} from '../list-resource';
