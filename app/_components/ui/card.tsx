import type { ComponentProps, ReactNode } from 'react';
import { cn } from './cn';

export function Card({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('rounded-lg border border-slate-200 bg-white p-4', className)} {...props} />;
}

/** A short note beside a control: `info` explains, `warning` asks for attention. */
export function Note({ tone = 'info', className, ...props }: ComponentProps<'p'> & { tone?: 'info' | 'warning' }) {
  return (
    <p
      className={cn(
        'rounded-md border px-3 py-2 text-sm',
        tone === 'warning'
          ? 'border-amber-300 bg-amber-50 text-amber-900'
          : 'border-slate-200 bg-slate-50 text-slate-700',
        className,
      )}
      {...props}
    />
  );
}

/** A white panel that is a region named by its heading (level 2 for a page's parts, 3 inside one). */
export function Panel({
  headingId,
  title,
  level = 2,
  children,
}: {
  headingId: string;
  title: string;
  level?: 2 | 3;
  children: ReactNode;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <Heading id={headingId} className={level === 2 ? 'text-lg font-semibold' : 'font-semibold'}>
        {title}
      </Heading>
      {children}
    </section>
  );
}
