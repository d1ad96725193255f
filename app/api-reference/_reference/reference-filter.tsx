'use client';
/**
 * The reference's search, the one part that runs in the browser: the search box and its count,
 * and wrappers that hide the server-rendered operations (and their table-of-contents entries) the
 * query does not find. Enter in the box goes to the first operation found.
 */
import { createContext, useContext, useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import { matchCountText, matchingAnchors, type SearchEntry } from '@/lib/api-reference';
import { SearchField } from '../../_components/ui/field';

interface Filter {
  query: string;
  setQuery(query: string): void;
  /** The anchors the query finds; `undefined` when it is empty (everything shows). */
  matches: Set<string> | undefined;
  entries: readonly SearchEntry[];
}

const FilterContext = createContext<Filter | undefined>(undefined);

function useFilter(): Filter {
  const filter = useContext(FilterContext);
  if (!filter) throw new Error('A filtered part of the reference is outside its ReferenceFilter.');
  return filter;
}

export function ReferenceFilter({ entries, children }: { entries: readonly SearchEntry[]; children: ReactNode }) {
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const matches = useMemo(() => matchingAnchors(entries, deferred), [entries, deferred]);
  const filter = useMemo(() => ({ query, setQuery, matches, entries }), [query, matches, entries]);
  return <FilterContext.Provider value={filter}>{children}</FilterContext.Provider>;
}

/** Scrolls to an operation, puts it in the address and moves the keyboard focus to its heading. */
function goTo(anchor: string) {
  window.location.hash = anchor;
  document.getElementById(`${anchor}-heading`)?.focus();
}

export function ReferenceSearch() {
  const { query, setQuery, matches, entries } = useFilter();
  const first = entries.find((entry) => !matches || matches.has(entry.anchor));
  return (
    <div role="search" className="flex flex-col gap-1">
      <SearchField
        label="Search the API"
        className="w-full"
        value={query}
        placeholder="Summary, path or method name"
        aria-describedby="api-search-hint"
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter' || !first) return;
          event.preventDefault();
          goTo(first.anchor);
        }}
      />
      <p id="api-search-hint" className="text-xs text-slate-600">
        Enter goes to the first operation found.
      </p>
      <p role="status" className="text-sm text-slate-700">
        {matchCountText(matches, entries.length)}
      </p>
    </div>
  );
}

type Shown = 'li' | 'section' | 'article';

/** An element that shows while the query finds `anchor` (an operation) or any operation of `tag`. */
export function Filtered({
  as: Element,
  anchor,
  tag,
  children,
  ...props
}: {
  as: Shown;
  anchor?: string;
  tag?: string;
  id?: string;
  className?: string;
  'aria-labelledby'?: string;
  children: ReactNode;
}) {
  const { matches, entries } = useFilter();
  const shown =
    !matches ||
    (anchor !== undefined && matches.has(anchor)) ||
    (tag !== undefined && entries.some((entry) => entry.tag === tag && matches.has(entry.anchor)));
  return (
    <Element hidden={!shown} {...props}>
      {children}
    </Element>
  );
}

/** Said where the operations would be when the query finds none. */
export function NothingFound() {
  const { matches, query } = useFilter();
  if (!matches || matches.size > 0) return null;
  return (
    <p className="rounded-lg border border-slate-200 bg-white p-4 text-slate-700">
      No operation matches &ldquo;{query.trim()}&rdquo;. Try fewer words, a path such as /agents, or a method name such
      as listAgents.
    </p>
  );
}
