import type { ReactNode } from 'react';
import { ListTable } from './list-table';
import { Pager, StaleLinkNote } from './pager';

/** One page of a server-paged list as `loadPage` answers it. */
interface LoadedPage<Item> {
  page: { items: Item[]; nextCursor: string | null };
  cursor: string | undefined;
  staleLink: boolean;
}

/**
 * The records of a list page (agents, tools, MCP clients, integrations): the note on a stale page
 * link, the table of the page's records or what to say when there are none, and the page links.
 * `mainContent`: the list carries the page's main-content mark (what the page-load benchmark waits
 * for), unless the page's section already does.
 */
export function PagedList<Item extends { id: string }>({
  loaded: { page, cursor, staleLink },
  pagerLabel,
  hrefOf,
  empty,
  columns,
  cells,
  mainContent = true,
  className,
}: {
  loaded: LoadedPage<Item>;
  /** The page links' landmark name, e.g. "Pages of agents". */
  pagerLabel: string;
  hrefOf: (cursor: string | null) => string;
  empty: ReactNode;
  columns: string[];
  cells: (item: Item) => ReactNode;
  mainContent?: boolean;
  className?: string;
}) {
  const main = mainContent ? { 'data-main-content': true } : {};
  return (
    <>
      <StaleLinkNote staleLink={staleLink} />
      {page.items.length === 0 ? (
        <p {...main} className="rounded-lg border border-dashed border-slate-300 bg-white p-4">
          {empty}
        </p>
      ) : (
        <ListTable
          {...main}
          className={className}
          columns={columns}
          items={page.items}
          keyOf={(item) => item.id}
          cells={cells}
        />
      )}
      <Pager label={pagerLabel} cursor={cursor} nextCursor={page.nextCursor} hrefOf={hrefOf} />
    </>
  );
}
