import type { ReactNode } from 'react';

/** A page with its level-1 heading and lead text. */
export function SimplePage({ title, lead, children }: { title: string; lead: ReactNode; children?: ReactNode }) {
  return (
    <section aria-labelledby="page-heading" className="flex flex-col gap-4" data-main-content>
      <h1 id="page-heading" className="text-2xl font-semibold">
        {title}
      </h1>
      <p className="text-slate-700">{lead}</p>
      {children}
    </section>
  );
}
