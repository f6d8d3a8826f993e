// One section's list endpoint as the console reads it: the SWR key of a page, the request, the hook
// that keeps the previous page on screen while the next one loads, and the re-read after a write.
// A section's keys all start with its name, so one write re-reads exactly what it touched.
import useSWR, { mutate, type SWRResponse } from 'swr';
import { api, type ListLivePolicy } from 'shared-auth';
import type { Paged } from 'shared-contracts';
import type { RowId } from './data-table-columns';

/**
 * A list request: the keys of the section's list query (from shared-contracts) with the values the
 * URL holds (text; '' or undefined means no filter), `page` and `limit` as numbers.
 */
export type ListRequest<Query> = {
  [K in Exclude<keyof Query, 'page' | 'limit' | 'sortOrder'>]?: string;
} & { page: number; limit: number; sortOrder?: 'asc' | 'desc' };

/** Options of listResource. */
export interface ListResourceOptions {
  /** First element of every SWR key of the section, e.g. 'companies'. */
  section: string;
  /** The list endpoint, e.g. '/api/company/companies'. */
  path: string;
  /** The message of a failed read when the server gives none. */
  fallbackMessage: string;
  /** Other keys (second element) a write re-reads besides the lists, e.g. the section's statistics. */
  related?: readonly string[];
  /**
   * Entities whose live events re-read the section's lists ('approval', 'company', …); by default
   * the section's name in the singular.
   */
  entities?: readonly string[];
  /**
   * Which changes leave a row where it is, and which filters and sorts they never touch: with it, a
   * change of a row on no page a list shows re-reads only the related figures, not the page.
   */
  live?: ListLivePolicy;
}

/** What listResource answers. */
export interface ListResource<Row, Query> {
  /** Entities whose live events re-read the section's lists. */
  entities: readonly string[];
  /** How its lists keep up with live events without re-reading every page (none: they re-read). */
  live: ListLivePolicy | undefined;
  /** Re-reads the section's related keys (its figures) only. */
  revalidateRelated: () => Promise<unknown>;
  /** The section's related keys ('stats'). */
  related: readonly string[];
  /**
   * After live events: re-reads every list of the section when `lists`, and the related keys
   * named (those the events did not bring).
   */
  revalidateLive: (lists: boolean, related: readonly string[]) => Promise<unknown>;
  /** Writes a related key's figures as an event brought them, without re-reading it. */
  writeRelated: (key: string, value: unknown) => Promise<unknown>;
  /** The SWR key of one page: [section, 'list', request]. */
  key: (request: ListRequest<Query>) => readonly [string, 'list', ListRequest<Query>];
  /** GET one page, filtered and sorted by the server. */
  fetchPage: (request: ListRequest<Query>) => Promise<Paged<Row>>;
  /** The page of `request`; the previous page stays on screen while the next one loads. */
  usePage: (request: ListRequest<Query>) => SWRResponse<Paged<Row>>;
  /** Re-reads every list of the section, its related keys and, when given, what belongs to `id`. */
  revalidate: (id?: RowId) => Promise<unknown>;
  /**
   * Awaits a write, then re-reads as `revalidate` does, after a failure too: a refused write
   * (someone else changed or deleted the row) must show the row as it now is.
   */
  andRevalidate: <T>(write: Promise<T>, id?: RowId) => Promise<T>;
}

/**
 * The list plumbing of one section.
 * @example export const companyList = listResource<Company, CompanyListQuery>({ section: 'companies', path: '/api/company/companies', fallbackMessage: 'Failed to fetch companies' });
 */
export function listResource<Row, Query>({
  section,
  path,
  fallbackMessage,
  related = [],
  entities = [singular(section)],
  live,
}: ListResourceOptions): ListResource<Row, Query> {
  const key = (request: ListRequest<Query>) => [section, 'list', request] as const;
  const fetchPage = (request: ListRequest<Query>) =>
    api.getPaged<Row>(path, { searchParams: { ...request }, fallbackMessage });
  const revalidate = (id?: RowId) =>
    mutate(
      (swrKey) =>
        Array.isArray(swrKey) &&
        swrKey[0] === section &&
        (swrKey[1] === 'list' || related.includes(swrKey[1]) || (id !== undefined && swrKey[2] === id)),
    );
  return {
    entities,
    live,
    revalidateRelated: () =>
      mutate((swrKey) => Array.isArray(swrKey) && swrKey[0] === section && related.includes(swrKey[1])),
    related,
    revalidateLive: async (lists, keys) => {
      if (!lists && keys.length === 0) return undefined;
      return mutate(
        (swrKey) =>
          Array.isArray(swrKey) &&
          swrKey[0] === section &&
          ((lists && swrKey[1] === 'list') || keys.includes(swrKey[1])),
      );
    },
    writeRelated: (relatedKey, value) => mutate([section, relatedKey], value, { revalidate: false }),
    key,
    fetchPage,
    usePage: (request) => useSWR(key(request), () => fetchPage(request), { keepPreviousData: true }),
    revalidate,
    andRevalidate: async (write, id) => {
      try {
        return await write;
      } finally {
        await revalidate(id);
      }
    },
  };
}

/** 'companies' → 'company', 'approvals' → 'approval'. */
function singular(section: string): string {
  return section.endsWith('ies') ? `${section.slice(0, -3)}y` : section.replace(/s$/, '');
}
