// Everything a list page does besides its columns and its texts: the view (search, filters, sort,
// page, page size) kept in the URL and checked against the section's list query schema, the request
// built from it, the page read with the previous page kept on screen, the selection (which belongs to
// the rows on screen), the move back from a page past the end, and the bulk runner.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import * as v from 'valibot';
import {
  carriedFigures,
  LIVE_PATCH_MARK,
  listReaction,
  patchRows,
  relatedToReRead,
  subscribeLiveEvents,
  useLiveBatches,
} from 'shared-auth';
import { PAGE_SIZE, type Pagination } from 'shared-contracts';
import { useBulkRunner, type BulkRunner } from './bulk-runner';
import type { RowId } from './data-table-columns';
import type { SelectOption } from './filter-panel';
import type { ListRequest, ListResource } from './list-resource';
import { fromSortParams, nextSortDirection, toSortParams, toSortQuery, type SortConfig } from './sort';
import { useListSearchParams, type ListParamValue } from './use-list-search-params';

interface FilterFieldBase<Query> {
  /** Name in the URL, e.g. 'qb'. */
  key: string;
  /** Name in the request when it differs from `key`, e.g. 'qbConnectionStatus'. */
  param?: Exclude<keyof Query, 'page' | 'limit' | 'sortBy' | 'sortOrder'> & string;
  label: string;
}

/** A search box: its text goes to the URL once typing pauses, replacing the history entry. */
export interface SearchField<Query = unknown> extends FilterFieldBase<Query> {
  kind: 'search';
  placeholder?: string;
}

/** A select; '' is its "all" choice. */
export interface SelectField<Query = unknown> extends FilterFieldBase<Query> {
  kind: 'select';
  options: readonly SelectOption[];
}

/** A day (YYYY-MM-DD, the browser's date picker); '' is no day. */
export interface DateField<Query = unknown> extends FilterFieldBase<Query> {
  kind: 'date';
}

/** One field of a list's filter panel. */
export type FilterField<Query = unknown> = SearchField<Query> | SelectField<Query> | DateField<Query>;

/** Options of useListController. */
export interface ListControllerOptions<Row, Query> {
  resource: ListResource<Row, Query>;
  /** The section's list query schema: a URL value it refuses counts as not set. */
  schema?: v.GenericSchema;
  filters: ReadonlyArray<FilterField<Query>>;
  /** Page sizes the user chooses from (kept in the URL as `limit`, PAGE_SIZE by default); without them every page has PAGE_SIZE rows. */
  pageSizes?: readonly number[];
  /** Default order; newest first unless told otherwise. A sort removed by a third click stays as ''. */
  defaultSort?: { sortBy: string; sortOrder: 'asc' | 'desc' };
  /** Re-reads after a bulk run; the resource's section re-read by default. */
  revalidate?: () => Promise<unknown>;
}

/** What useListController answers. */
export interface ListController<Row, Query = unknown> {
  fields: ReadonlyArray<FilterField<Query>>;
  /** The URL's value of each filter field ('' when not set or refused by the schema). */
  values: Readonly<Record<string, string>>;
  setFilter: (key: string, value: string) => void;
  activeFilters: number;
  resetFilters: () => void;
  sort: SortConfig | null;
  changeSort: (key: string) => void;
  page: number;
  pageSize: number;
  pageSizes?: readonly number[];
  setPage: (page: number) => void;
  setPageSize: (size: number) => void;
  /** The request of this view. */
  request: ListRequest<Query>;
  /** The request without page and limit: what an export of the view sends. */
  filterRequest: Omit<ListRequest<Query>, 'page' | 'limit'>;
  rows: Row[];
  pagination: Pagination | undefined;
  error: unknown;
  isLoading: boolean;
  /** A re-read of a page already on screen is under way (Refresh shows it). */
  isRefreshing: boolean;
  /** Re-reads this list (Retry, Refresh). */
  refresh: () => Promise<unknown>;
  selected: ReadonlySet<RowId>;
  setSelected: (ids: Set<RowId>) => void;
  bulk: BulkRunner;
}

const DEFAULT_SORT = { sortBy: 'createdAt', sortOrder: 'desc' } as const;

/** Whether `schema` accepts `value` as its `param` (the other entries left out). */
function accepts(schema: v.GenericSchema | undefined, param: string, value: ListParamValue) {
  if (!schema || value === '') return true;
  return v.safeParse(schema, { [param]: String(value) }).success;
}

/**
 * The state and data of one list page.
 * @example const list = useListController({ resource: companyList, schema: CompanyListQuerySchema, filters: FILTERS });
 */
export function useListController<Row extends { id: RowId }, Query>({
  resource,
  schema,
  filters,
  pageSizes,
  defaultSort = DEFAULT_SORT,
  revalidate,
}: ListControllerOptions<Row, Query>): ListController<Row, Query> {
  const defaults = useMemo(() => {
    const initial: Record<string, ListParamValue> = {};
    for (const field of filters) initial[field.key] = '';
    initial.page = 1;
    if (pageSizes) initial.limit = PAGE_SIZE;
    initial.sortBy = defaultSort.sortBy;
    initial.sortOrder = defaultSort.sortOrder;
    return initial;
    // The defaults are read once: the URL keys of a list do not change while it is on screen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const { state: raw, setState, reset } = useListSearchParams(defaults);

  // What the URL holds, with every value the section's schema refuses taken as not set.
  const state = useMemo(() => {
    const checked = { ...raw };
    for (const field of filters) {
      if (!accepts(schema, field.param ?? field.key, raw[field.key]!)) checked[field.key] = '';
    }
    if (pageSizes && !pageSizes.includes(Number(raw.limit))) checked.limit = defaults.limit!;
    if (!accepts(schema, 'sortBy', raw.sortBy!)) {
      checked.sortBy = defaultSort.sortBy;
      checked.sortOrder = defaultSort.sortOrder;
    }
    return checked;
  }, [raw, filters, schema, pageSizes, defaults, defaultSort]);

  const values = useMemo(
    () => Object.fromEntries(filters.map((field) => [field.key, String(state[field.key])])),
    [filters, state],
  );
  const sort = fromSortParams(String(state.sortBy), String(state.sortOrder));
  const page = Number(state.page);
  const pageSize = pageSizes ? Number(state.limit) : PAGE_SIZE;
  const filterRequest = {} as Record<string, string | undefined>;
  for (const field of filters) filterRequest[field.param ?? field.key] = values[field.key] || undefined;
  Object.assign(filterRequest, toSortParams(sort));
  const request = { ...filterRequest, page, limit: pageSize } as ListRequest<Query>;

  const { data, error, isLoading, isValidating, mutate } = resource.usePage(request);
  const [selected, setSelected] = useState<Set<RowId>>(() => new Set());
  const rows = useMemo(() => data?.data ?? [], [data]);
  const totalPages = data?.pagination.totalPages ?? 0;
  const viewKey = JSON.stringify(request);

  // Selection belongs to the rows on screen: a new page, filter, sort or page size starts with none.
  useEffect(() => setSelected(new Set()), [viewKey]);

  // A page past the end (after deletes or decisions, or a stale link) moves back to the last page,
  // page 1 when nothing is left.
  useEffect(() => {
    if (data && page > Math.max(1, totalPages)) {
      setState({ page: Math.max(1, totalPages) }, { resetPage: false, replace: true });
    }
  }, [data, totalPages, page, setState]);

  const filterKeys = useMemo(() => filters.map((field) => field.key), [filters]);
  const resetFilters = useCallback(() => reset(filterKeys), [reset, filterKeys]);
  const refresh = useCallback(() => mutate(), [mutate]);
  const sectionRevalidate = useCallback(
    () => (revalidate ? revalidate() : resource.revalidate()),
    [revalidate, resource],
  );
  const bulk = useBulkRunner({ selected, setSelected, revalidate: sectionRevalidate });
  // Someone else's change: re-read the view (and the section's related figures) in place, at most
  // once a second, when it may have changed what the page shows; a change of a row on no page
  // shown re-reads only the figures. The view, and so the selection, stay as they are.
  const visible = useRef({ rows, request });
  visible.current = { rows, request };
  // The new status of a row on screen shows as its event arrives, before that re-read. Only a real
  // change is written: an unchanged write would make SWR drop a read under way.
  useEffect(() => {
    const view = { entities: resource.entities, policy: resource.live };
    if (!view.policy?.statusField) return undefined;
    return subscribeLiveEvents((event) => {
      if (!patchRows(visible.current.rows, event, view)) return;
      void mutate(
        (current) => {
          const patched = current && patchRows(current.data, event, view);
          return patched ? { ...current, data: patched } : current;
        },
        { revalidate: false },
      );
      performance.mark(LIVE_PATCH_MARK, { detail: event.type === 'change' ? event.id : null });
    });
  }, [resource, mutate]);
  // Figures an event brings (the stat cards after the change) are written as it arrives: the
  // folded answer below then re-reads only the related keys it did not bring.
  useEffect(() => {
    const view = { entities: resource.entities, policy: resource.live };
    if (!view.policy?.figures) return undefined;
    return subscribeLiveEvents((event) => {
      for (const [key, value] of carriedFigures(event, view)) void resource.writeRelated(key, value);
    });
  }, [resource]);
  useLiveBatches(resource.entities, (batch) => {
    const view = { entities: resource.entities, policy: resource.live };
    const reaction = listReaction(batch, {
      ...view,
      visibleIds: new Set(visible.current.rows.map((row) => String(row.id))),
      request: visible.current.request as Record<string, unknown>,
    });
    if (reaction === 'none') return undefined;
    // The re-read's promise: the next batch waits for it (one re-read of the view at a time).
    if (revalidate) return reaction === 'all' ? sectionRevalidate() : revalidate();
    return resource.revalidateLive(reaction === 'all', relatedToReRead(batch, resource.related, view));
  });

  return {
    fields: filters,
    values,
    setFilter: (key, value) => {
      const search = filters.find((field) => field.key === key)?.kind === 'search';
      setState({ [key]: value }, { replace: search });
    },
    activeFilters: filterKeys.filter((key) => values[key]).length,
    resetFilters,
    sort,
    changeSort: (key) => setState(toSortQuery(nextSortDirection(sort, key))),
    page,
    pageSize,
    pageSizes,
    setPage: (next) => setState({ page: next }, { resetPage: false }),
    setPageSize: (size) => setState({ limit: size }),
    request,
    filterRequest: filterRequest as Omit<ListRequest<Query>, 'page' | 'limit'>,
    rows,
    pagination: data?.pagination,
    error: error && !isValidating ? error : undefined,
    isLoading,
    isRefreshing: isValidating && !isLoading,
    refresh,
    selected,
    setSelected,
    bulk,
  };
}
