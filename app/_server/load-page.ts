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

export const staleLinkText = 'That page link was not valid any more: showing the first page.';
