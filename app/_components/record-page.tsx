import type { ReactNode } from 'react';
import { Breadcrumb } from './breadcrumb';
import { cn } from './ui/cn';

/** The page of one record of a list: the way back to the list, the record's title as the page heading, then its parts. */
export function RecordPage({
  listHref,
  list,
  id,
  title,
  monoTitle = false,
  children,
}: {
  listHref: string;
  list: string;
  id: string;
  title: string;
  /** Set the title in monospace, for records known by their id. */
  monoTitle?: boolean;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby="page-heading" className="flex flex-col gap-4" data-main-content>
      <Breadcrumb href={listHref} list={list} id={id} />
      <h1 id="page-heading" className={cn(monoTitle && 'font-mono', 'text-2xl font-semibold')}>
        {title}
      </h1>
      {children}
    </section>
  );
}
