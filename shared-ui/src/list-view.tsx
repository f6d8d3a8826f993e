// The frame every list page shares: header, filter panel built from the declared fields, bulk bar,
// error with Retry, empty vs. no-matches, the table (cards on a phone), pagination and the list keys
// (useListKeys). The page brings its columns, its texts, its bulk actions and any keys of its own; the
// state comes from useListController.
import { Badge, Button, HStack, Stack } from '@chakra-ui/react';
import { useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { errorMessage } from 'shared-auth';
import { DataTable, type DataTableColumn, type RowId } from './data-table';
import { ListBulkBar, ListFilterPanel, ListPagination } from './list-view-parts';
import { PageHeader } from './page-header';
import { EmptyState, ErrorState, NoMatchesState, type EmptyStateProps } from './states';
import type { ListController } from './use-list-controller';
import { useListKeys, type ListKeys } from './use-list-keys';

/** One button of the bulk bar. */
export interface BulkButton {
  /** The bulk action it runs (its spinner shows while that action is busy). */
  key: string;
  label: string;
  onClick: () => void;
  colorPalette?: 'green' | 'red' | 'blue';
  variant?: 'solid' | 'outline';
  loadingText?: string;
  /** Left out, e.g. for a role that may not use it. */
  hidden?: boolean;
}

/** Props of ListView. */
export interface ListViewProps<Row extends { id: RowId }, Query> {
  list: ListController<Row, Query>;
  title: string;
  description?: ReactNode;
  /** The page's breadcrumb; the title when omitted. */
  crumb?: string;
  /** Buttons at the right of the header. */
  actions?: ReactNode;
  /** A 'Refresh' button after `actions`: re-reads the list, or runs the given re-read. */
  refresh?: boolean | (() => unknown);
  /** The 'Add …' link, last in the header and under the empty state; omitted for who may not create. */
  create?: { label: string; to: string } | false;
  /** Puts the filter panel behind a 'Filters' button (open when a filter is set); the panel's id. */
  collapsibleFilters?: string;
  /** Between the header and the filters, e.g. statistics. */
  summary?: ReactNode;
  /** Between the filters and the bulk bar, e.g. the outcome of the last bulk run. */
  notice?: ReactNode;
  /** The rows' noun for counts and states, e.g. { one: 'company', other: 'companies' }. */
  noun: { one: string; other: string };
  /** The bulk bar's noun when it is worded otherwise, e.g. 'manager(s)'. */
  selectionLabel?: string;
  caption: string;
  columns: Array<DataTableColumn<Row>>;
  size?: 'sm' | 'md';
  rowLabel: (row: Row) => string;
  rowActions?: (row: Row) => ReactNode;
  /** Rows can be selected for the bulk actions. */
  canSelect: boolean;
  bulkActions?: BulkButton[];
  /** The state of a list with no rows and no filter set (its action is the 'Add …' link by default). */
  empty: EmptyStateProps;
  /** The page's own keys beside the list's (j / k, the arrows, Enter, x), given the keyboard's row. */
  keys?: ListKeys<Row>;
  /** Dialogs of the page. */
  children?: ReactNode;
}

/** Bulk Activate / Deactivate, as the company and user lists offer them. */
export function activationButtons(setActive: (active: boolean) => void): BulkButton[] {
  return [
    { key: 'activated', label: 'Activate', colorPalette: 'green', onClick: () => setActive(true) },
    { key: 'deactivated', label: 'Deactivate', variant: 'outline', onClick: () => setActive(false) },
  ];
}

/** A list row's id (one function for every render, so the table's rows keep their ids' memo). */
const rowIdOf = (row: { id: RowId }) => row.id;

/** A list page around the state of useListController. */
export function ListView<Row extends { id: RowId }, Query>({
  list,
  title,
  description,
  crumb = title,
  actions,
  refresh,
  create,
  collapsibleFilters,
  summary,
  notice,
  noun,
  selectionLabel,
  caption,
  columns,
  size,
  rowLabel,
  rowActions,
  canSelect,
  bulkActions = [],
  empty,
  keys,
  children,
}: ListViewProps<Row, Query>) {
  const [showFilters, setShowFilters] = useState(list.activeFilters > 0);
  const frame = useRef<HTMLDivElement>(null);
  const cursor = useListKeys({
    rows: list.rows,
    selected: list.selected,
    setSelected: list.setSelected,
    canSelect,
    container: frame,
    keys,
  });
  const selectedCount = list.selected.size;
  const createLink = (buttonSize?: 'sm') =>
    create && (
      <Button asChild size={buttonSize} colorPalette="blue">
        <RouterLink to={create.to}>{create.label}</RouterLink>
      </Button>
    );
  const headerActions = (
    <>
      {collapsibleFilters && (
        <Button
          variant="outline"
          aria-expanded={showFilters}
          aria-controls={collapsibleFilters}
          onClick={() => setShowFilters((open) => !open)}
        >
          Filters
          {list.activeFilters > 0 && (
            <Badge colorPalette="blue" variant="solid" ml="1">
              Active
            </Badge>
          )}
        </Button>
      )}
      {actions}
      {refresh && (
        <Button
          variant="outline"
          loading={list.isRefreshing}
          loadingText="Refresh"
          onClick={() => void (typeof refresh === 'function' ? refresh() : list.refresh())}
        >
          Refresh
        </Button>
      )}
      {createLink()}
    </>
  );
  // A list without filters (e.g. the bank's return files) gets no empty Filters panel.
  const filterPanel = list.fields.length > 0 ? <ListFilterPanel list={list} /> : null;

  return (
    <Stack gap="6" ref={frame}>
      <PageHeader
        title={title}
        description={description}
        breadcrumbs={[{ label: crumb }]}
        actions={
          (collapsibleFilters || actions || refresh || create) && (
            <HStack gap="2" wrap="wrap">
              {headerActions}
            </HStack>
          )
        }
      />
      {summary}
      {!collapsibleFilters ? filterPanel : showFilters && <div id={collapsibleFilters}>{filterPanel}</div>}
      {notice}

      {canSelect && selectedCount > 0 && (
        <ListBulkBar
          list={list}
          itemLabel={selectionLabel ?? (selectedCount === 1 ? noun.one : noun.other)}
          actions={bulkActions}
        />
      )}

      {list.error ? (
        <ErrorState
          message={`Error loading ${noun.other}: ${errorMessage(list.error)}`}
          onRetry={() => void list.refresh()}
        />
      ) : (
        <Stack gap="4">
          <DataTable
            caption={caption}
            columns={columns}
            size={size}
            rows={list.rows}
            getRowId={rowIdOf}
            rowLabel={rowLabel}
            sort={list.sort}
            onSortChange={list.changeSort}
            selectedIds={canSelect ? (list.selected as Set<RowId>) : undefined}
            onSelectionChange={canSelect ? list.setSelected : undefined}
            rowActions={rowActions}
            isLoading={list.isLoading}
            activeRowId={cursor.activeId}
            onActiveRowChange={cursor.setActiveId}
            emptyState={
              list.activeFilters > 0 ? (
                <NoMatchesState itemLabel={noun.other} onClearFilters={list.resetFilters} />
              ) : (
                <EmptyState action={createLink('sm')} {...empty} />
              )
            }
          />
          <ListPagination list={list} itemLabel={noun.other} />
        </Stack>
      )}
      {children}
    </Stack>
  );
}
