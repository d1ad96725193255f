import Link from 'next/link';
import { buttonClasses } from './ui/button';

/**
 * First page / Next page links of a server-paged list (opaque cursors in the URL), shown only when
 * there is another page. `hrefOf(null)` is the first page.
 */
export function Pager({
  label,
  cursor,
  nextCursor,
  hrefOf,
}: {
  /** The navigation landmark's name, e.g. "Pages of agents". */
  label: string;
  cursor: string | undefined;
  nextCursor: string | null;
  hrefOf: (cursor: string | null) => string;
}) {
  if (!cursor && !nextCursor) return null;
  return (
    <nav aria-label={label} className="flex gap-3">
      {cursor ? (
        <Link href={hrefOf(null)} className={buttonClasses()}>
          First page
        </Link>
      ) : null}
      {nextCursor ? (
        <Link href={hrefOf(nextCursor)} className={buttonClasses()}>
          Next page
        </Link>
      ) : null}
    </nav>
  );
}

/** A list page's links: `path` for the first page, `path?cursor=...` for the others. */
export const cursorHref = (path: string) => (cursor: string | null) =>
  cursor ? `${path}?cursor=${encodeURIComponent(cursor)}` : path;

/** Said when a list page's link held a cursor the service refused (see `loadPage`). */
export function StaleLinkNote({ staleLink }: { staleLink: boolean }) {
  if (!staleLink) return null;
  return <p className="text-sm text-slate-700">That page link was not valid any more: showing the first page.</p>;
}
