import type { ComponentProps } from 'react';
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
