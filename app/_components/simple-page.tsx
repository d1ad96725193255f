import type { ReactNode } from 'react';
import { cn } from './ui/cn';

/**
 * A page: its level-1 heading, its lead text, then its parts. `heading` stands in for the plain
 * title (a list's heading with its New link, given the id `page-heading`). `mainContent`: the page
 * carries the main-content mark the page-load benchmark waits for; off where a part inside it
 * carries the mark (a list that is still to load).
 */
export function SimplePage({
  title,
  heading,
  lead,
  mainContent = true,
  children,
  className,
}: ({ title: string; heading?: undefined } | { heading: ReactNode; title?: undefined }) & {
  lead?: ReactNode;
  mainContent?: boolean;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-labelledby="page-heading"
      className={cn('flex flex-col gap-4', className)}
      {...(mainContent ? { 'data-main-content': true } : {})}
    >
      {heading ?? (
        <h1 id="page-heading" className="text-2xl font-semibold">
          {title}
        </h1>
      )}
      {lead ? <p className="text-slate-700">{lead}</p> : null}
      {children}
    </section>
  );
}
