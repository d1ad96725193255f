'use client';
import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from './cn';

export const controlClasses =
  'w-full rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-sm text-slate-900 placeholder:text-slate-500 aria-[invalid=true]:border-danger';

interface FieldFrame {
  /** The visible label, which alone names the control. */
  label: string;
  hint?: ReactNode;
  error?: string;
  className?: string;
}

function Frame({ id, label, hint, error, className, children }: FieldFrame & { id: string; children: ReactNode }) {
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** What ties a control to its label, hint and error. */
function controlProps(id: string, { hint, error }: Pick<FieldFrame, 'hint' | 'error'>) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined };
}

/** A labelled text input with its hint and its error beside it. */
export function TextField({ label, hint, error, className, ...props }: FieldFrame & ComponentProps<'input'>) {
  const id = useId();
  return (
    <Frame id={id} label={label} hint={hint} error={error} className={className}>
      <input {...controlProps(id, { hint, error })} className={controlClasses} {...props} />
    </Frame>
  );
}

/** A labelled multi-line text field. */
export function TextAreaField({ label, hint, error, className, ...props }: FieldFrame & ComponentProps<'textarea'>) {
  const id = useId();
  return (
    <Frame id={id} label={label} hint={hint} error={error} className={className}>
      <textarea
        {...controlProps(id, { hint, error })}
        className={cn(controlClasses, 'min-h-24 font-mono')}
        {...props}
      />
    </Frame>
  );
}

/** A labelled select; the label stays outside so the options do not join its name. */
export function SelectField({ label, hint, error, className, ...props }: FieldFrame & ComponentProps<'select'>) {
  const id = useId();
  return (
    <Frame id={id} label={label} hint={hint} error={error} className={className}>
      <select {...controlProps(id, { hint, error })} className={controlClasses} {...props} />
    </Frame>
  );
}

/** A labelled search box (role searchbox). */
export function SearchField({ label, className, ...props }: { label: string } & ComponentProps<'input'>) {
  const id = useId();
  return (
    <Frame id={id} label={label} className={cn('w-80', className)}>
      <input id={id} type="search" className={controlClasses} {...props} />
    </Frame>
  );
}
