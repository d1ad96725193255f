import type { ReactNode } from 'react';
import { cn } from './ui/cn';

/** A page with its level-1 heading and lead text. */
export function SimplePage({
  title,
  lead,
  children,
  className,
}: {
  title: string;
  lead: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <section aria-labelledby="page-heading" className={cn('flex flex-col gap-4', className)} data-main-content>
      <h1 id="page-heading" className="text-2xl font-semibold">
        {title}
      </h1>
      <p className="text-slate-700">{lead}</p>
      {children}
    </section>
  );
}
