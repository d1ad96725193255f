import { studioErrorBody } from '@/lib/studio-handle';

/**
 * Loads one page of a list for a page link. A hand-edited or outdated link (a cursor the service
 * refuses) shows the first page and says so, rather than an error page.
 */
export async function loadPage<T>(
  load: (cursor: string | undefined) => Promise<T>,
  cursor: string | undefined,
): Promise<{ page: T; cursor: string | undefined; staleLink: boolean }> {
  try {
    return { page: await load(cursor), cursor, staleLink: false };
  } catch (error) {
    if (studioErrorBody(error)?.error.code !== 'invalid_input' || cursor === undefined) throw error;
    return { page: await load(undefined), cursor: undefined, staleLink: true };
  }
}

/** The `cursor` search parameter of a page, when it is one string. */
export const cursorParam = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

/** The search parameters of a list page that takes only a cursor. */
export type CursorSearchParams = Promise<{ cursor?: string | string[] }>;

/** How many records a list page shows. */
export const listPageSize = 50;

/**
 * `loadPage` for a list page whose only search parameter is its cursor: `load` gets the page to
 * read as the list services take it.
 */
export async function loadCursorPage<T>(
  searchParams: CursorSearchParams,
  load: (page: { limit: number; cursor: string | undefined }) => Promise<T>,
): Promise<{ page: T; cursor: string | undefined; staleLink: boolean }> {
  return loadPage((cursor) => load({ limit: listPageSize, cursor }), cursorParam((await searchParams).cursor));
}
