// List state (page, limit, filters, sortBy, sortOrder) kept in the URL query string, so a filtered,
// sorted page can be linked, reloaded and reached again with the back button. Values equal to their
// default stay out of the URL, which keeps the plain list at its plain address.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

/** A value a list keeps in the URL. */
export type ListParamValue = string | number | boolean;

/** Options of setState. */
export interface SetListStateOptions {
  /** Back to page 1 (the default page) unless the patch sets `page` itself; default true. */
  resetPage?: boolean;
  /** Replace the history entry instead of pushing one (e.g. while typing); default false. */
  replace?: boolean;
}

/** What useListSearchParams returns. */
export interface ListSearchParams<T extends Record<string, ListParamValue>> {
  /** Current values: the URL's where valid, the defaults otherwise. */
  state: T;
  /** Merges `patch` (undefined = back to the default) into the URL; resets the page unless told not to. */
  setState: (patch: Partial<T>, options?: SetListStateOptions) => void;
  /** Puts `keys` (all keys when omitted) and the page back to their defaults. */
  reset: (keys?: ReadonlyArray<keyof T>, options?: Pick<SetListStateOptions, 'replace'>) => void;
}

const WHOLE_NUMBER = /^\d+$/;
/** Keys that count from 1: 0 is as invalid for them as 'abc'. */
const POSITIVE_KEYS = new Set(['page', 'limit']);

function parseValue(key: string, raw: string | null, fallback: ListParamValue): ListParamValue {
  if (raw === null) return fallback;
  if (typeof fallback === 'number') {
    if (!WHOLE_NUMBER.test(raw)) return fallback;
    const parsed = Number(raw);
    if (!Number.isSafeInteger(parsed) || (POSITIVE_KEYS.has(key) && parsed < 1)) return fallback;
    return parsed;
  }
  if (typeof fallback === 'boolean') return raw === 'true' ? true : raw === 'false' ? false : fallback;
  return raw;
}

/** Reads the keys of `defaults` from query parameters (invalid or missing → default). */
export function parseListParams<T extends Record<string, ListParamValue>>(
  params: URLSearchParams,
  defaults: T,
): T {
  const state: Record<string, ListParamValue> = {};
  for (const [key, fallback] of Object.entries(defaults))
    state[key] = parseValue(key, params.get(key), fallback);
  return state as T;
}

/** Writes `state` into a copy of `params`, leaving out values equal to their default; other keys are kept. */
export function writeListParams<T extends Record<string, ListParamValue>>(
  params: URLSearchParams,
  state: Partial<T>,
  defaults: T,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, fallback] of Object.entries(defaults)) {
    const value = state[key as keyof T];
    if (value === undefined || value === fallback) next.delete(key);
    else next.set(key, String(value));
  }
  return next;
}

/**
 * List state in the URL query string. `defaults` is read on the first render; its value types decide
 * how the URL is parsed (numbers must be whole, `page` and `limit` at least 1).
 * @example
 * const { state, setState } = useListSearchParams({ page: 1, limit: 10, search: '', status: 'all', sortBy: 'createdAt', sortOrder: 'desc' });
 * setState({ status: 'ACTIVE' });                 // → ?status=ACTIVE, page back to 1
 * setState({ page: 3 }, { resetPage: false });    // → ?status=ACTIVE&page=3
 */
export function useListSearchParams<T extends Record<string, ListParamValue>>(
  defaults: T,
): ListSearchParams<T> {
  const [initialDefaults] = useState(defaults);
  const [searchParams, setSearchParams] = useSearchParams();
  const query = searchParams.toString();
  // The query we last wrote. React Router hands setSearchParams' updater the params of the last
  // render, so two changes before a re-render (clear filters, then pick a status) would otherwise
  // build on stale params and bring a cleared filter back.
  const latest = useRef(query);
  useEffect(() => {
    latest.current = query;
  }, [query]);

  const state = useMemo(
    () => parseListParams(new URLSearchParams(query), initialDefaults),
    [query, initialDefaults],
  );

  const setState = useCallback(
    (patch: Partial<T>, { resetPage = true, replace = false }: SetListStateOptions = {}) => {
      const previous = new URLSearchParams(latest.current);
      const merged: Partial<T> = { ...parseListParams(previous, initialDefaults), ...patch };
      if (resetPage && 'page' in initialDefaults && !('page' in patch)) {
        (merged as Record<string, ListParamValue | undefined>).page = initialDefaults.page;
      }
      const next = writeListParams(previous, merged, initialDefaults);
      latest.current = next.toString();
      setSearchParams(next, { replace });
    },
    [setSearchParams, initialDefaults],
  );

  const reset = useCallback(
    (keys?: ReadonlyArray<keyof T>, options?: Pick<SetListStateOptions, 'replace'>) => {
      const patch: Partial<T> = {};
      for (const key of keys ?? (Object.keys(initialDefaults) as Array<keyof T>))
        patch[key] = initialDefaults[key];
      setState(patch, { resetPage: true, replace: options?.replace });
    },
    [setState, initialDefaults],
  );

  return { state, setState, reset };
}
