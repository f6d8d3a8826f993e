// Pieces of ListView that each read one part of the list's state: the filter panel built from the
// declared fields, the bulk bar of the selection, and the pagination.
import { Button } from '@chakra-ui/react';
import { BulkActionBar } from './bulk-action-bar';
import { DateFilter, FilterPanel, SearchInput, SelectFilter } from './filter-panel';
import type { BulkButton } from './list-view';
import { FullPagination, SimplePagination } from './pagination';
import type { ListController } from './use-list-controller';

/** The filter panel: one control per declared field, each reporting its value to the controller. */
export function ListFilterPanel<Row, Query>({ list }: { list: ListController<Row, Query> }) {
  return (
    <FilterPanel activeCount={list.activeFilters} onReset={list.resetFilters}>
      {list.fields.map((field) =>
        field.kind === 'search' ? (
          <SearchInput
            key={field.key}
            label={field.label}
            placeholder={field.placeholder}
            value={list.values[field.key]!}
            onChange={(value) => list.setFilter(field.key, value)}
          />
        ) : field.kind === 'date' ? (
          <DateFilter
            key={field.key}
            label={field.label}
            value={list.values[field.key]!}
            onChange={(value) => list.setFilter(field.key, value)}
          />
        ) : (
          <SelectFilter
            key={field.key}
            label={field.label}
            value={list.values[field.key]!}
            options={field.options}
            onChange={(value) => list.setFilter(field.key, value)}
          />
        ),
      )}
    </FilterPanel>
  );
}

/** The bar of the selection's bulk actions, while rows are selected; every button waits while one runs. */
export function ListBulkBar<Row, Query>({
  list,
  itemLabel,
  actions,
}: {
  list: ListController<Row, Query>;
  /** The selection's noun, e.g. 'companies'. */
  itemLabel: string;
  actions: BulkButton[];
}) {
  return (
    <BulkActionBar
      count={list.selected.size}
      itemLabel={itemLabel}
      onClear={() => list.setSelected(new Set())}
    >
      {actions
        .filter((action) => !action.hidden)
        .map((action) => (
          <Button
            key={action.key}
            size="sm"
            colorPalette={action.colorPalette}
            variant={action.variant}
            loading={list.bulk.busy === action.key}
            loadingText={action.loadingText}
            disabled={list.bulk.busy !== null}
            onClick={action.onClick}
          >
            {action.label}
          </Button>
        ))}
    </BulkActionBar>
  );
}

/**
 * The pages of the list: with a page-size choice when the list offers page sizes. Nothing when there
 * is nothing to page through: the empty or no-matches view says it all.
 */
export function ListPagination<Row, Query>({
  list,
  itemLabel,
}: {
  list: ListController<Row, Query>;
  itemLabel: string;
}) {
  const total = list.pagination?.total ?? 0;
  if (total === 0) return null;
  return list.pageSizes ? (
    <FullPagination
      page={list.page}
      pageSize={list.pageSize}
      total={total}
      totalCapped={list.pagination?.totalCapped ?? false}
      itemLabel={itemLabel}
      pageSizeOptions={list.pageSizes}
      onPageChange={list.setPage}
      onPageSizeChange={list.setPageSize}
    />
  ) : (
    <SimplePagination
      page={list.page}
      pageSize={list.pageSize}
      total={total}
      itemLabel={itemLabel}
      onPageChange={list.setPage}
    />
  );
}
