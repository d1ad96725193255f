import type { ComponentProps } from 'react';
import { cn } from './cn';

const variants = {
  primary: 'bg-accent text-white hover:bg-accent-strong border-transparent',
  secondary: 'bg-white text-slate-900 hover:bg-slate-100 border-slate-300',
  danger: 'bg-white text-danger hover:bg-red-50 border-red-300',
  ghost: 'bg-transparent text-slate-700 hover:bg-slate-100 border-transparent',
} as const;

const sizes = { sm: 'px-2 py-1 text-sm', md: 'px-3 py-1.5 text-sm' } as const;

export type ButtonProps = ComponentProps<'button'> & { variant?: keyof typeof variants; size?: keyof typeof sizes };

/** A button; `type` defaults to "button" so it never submits a form by accident. */
export function Button({ variant = 'secondary', size = 'md', className, type = 'button', ...props }: ButtonProps) {
  return (
    <button
      type={type}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-md border font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-50',
        variants[variant],
        sizes[size],
        className,
      )}
      {...props}
    />
  );
}

/** A link styled as a button. */
export const buttonClasses = (variant: keyof typeof variants = 'secondary') =>
  cn(
    'inline-flex items-center gap-1.5 rounded-md border px-3 py-1.5 text-sm font-medium no-underline',
    variants[variant],
  );
