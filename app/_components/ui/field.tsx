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
  /** Read the error out as it appears (role alert), where a refusal used to be the form's alert. */
  announceError?: boolean;
  className?: string;
}

function Frame({
  id,
  label,
  hint,
  error,
  announceError,
  className,
  children,
}: FieldFrame & { id: string; children: ReactNode }) {
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
        <p id={`${id}-error`} role={announceError ? 'alert' : undefined} className="text-sm text-danger">
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

/**
 * A field: its frame, and the control `control` draws with the caller's props plus the id,
 * `aria-invalid` and `aria-describedby` that tie it to its label, hint and error.
 */
function Framed<Control extends object>({
  props: { label, hint, error, announceError, className, ...rest },
  control,
}: {
  props: FieldFrame & Control;
  control: (props: Omit<Control, keyof FieldFrame> & ReturnType<typeof controlProps>) => ReactNode;
}) {
  const id = useId();
  return (
    <Frame id={id} label={label} hint={hint} error={error} announceError={announceError} className={className}>
      {control({ ...controlProps(id, { hint, error }), ...rest })}
    </Frame>
  );
}

/** A labelled text input with its hint and its error beside it. */
export function TextField(props: FieldFrame & ComponentProps<'input'>) {
  return <Framed props={props} control={(control) => <input className={controlClasses} {...control} />} />;
}

/** A labelled multi-line text field. */
export function TextAreaField(props: FieldFrame & ComponentProps<'textarea'>) {
  return (
    <Framed
      props={props}
      control={(control) => <textarea className={cn(controlClasses, 'min-h-24 font-mono')} {...control} />}
    />
  );
}

/** A labelled select; the label stays outside so the options do not join its name. */
export function SelectField(props: FieldFrame & ComponentProps<'select'>) {
  return <Framed props={props} control={(control) => <select className={controlClasses} {...control} />} />;
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

/**
 * A search box with a line that screen readers announce as it changes (how many results, or that
 * nothing matched), under the box unless `layout` places them otherwise; the line hides itself
 * while it is empty.
 */
export function SearchWithStatus({
  status,
  layout = 'flex flex-col gap-2',
  statusClassName = 'text-slate-700',
  ...field
}: { label: string; status: ReactNode; layout?: string; statusClassName?: string } & ComponentProps<'input'>) {
  return (
    <div className={layout}>
      <SearchField {...field} />
      <p role="status" className={cn('text-sm empty:hidden', statusClassName)}>
        {status}
      </p>
    </div>
  );
}
