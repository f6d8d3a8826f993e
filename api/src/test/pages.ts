import { expect } from 'vitest';

/** One page of a list as the tests read it: the ids in order and the total the answer gave. */
export interface PageRead {
  ids: readonly (number | string)[];
  total: number;
}

/**
 * Reads every page of a list, five rows a page and two pages past the end, and checks each page's
 * rows against one forward read of the first 100 and its total against `exact` (a COUNT the test
 * made itself): a list's page and total are one statement, and a page past the end asks for the
 * total alone, so both must agree with the table on every page.
 * @example await expectEveryPageExact((limit, page) => readCompanies(`status=ACTIVE&limit=${limit}&page=${page}`), exact, 'status=ACTIVE');
 */
export async function expectEveryPageExact(
  readPage: (limit: number, page: number) => Promise<PageRead>,
  exact: number,
  label: string,
): Promise<void> {
  const all = (await readPage(100, 1)).ids;
  expect(all.length, label).toBe(Math.min(exact, 100));
  const last = Math.max(1, Math.ceil(exact / 5));
  for (let page = 1; page <= last + 2; page += 1) {
    const { ids, total } = await readPage(5, page);
    expect(total, `${label} page ${page}`).toBe(exact);
    expect(ids, `${label} page ${page}`).toEqual(all.slice((page - 1) * 5, page * 5));
  }
}
