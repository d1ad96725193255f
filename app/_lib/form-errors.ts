import type { FieldErrors } from 'react-hook-form';

/** The message of a form error at a dotted path (`tools.1.rules.conditions.0.field`), if any. */
export function errorMessageAt(errors: FieldErrors, path: string): string | undefined {
  let node: unknown = errors;
  for (const segment of path.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  const message = (node as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : undefined;
}

/** Error lookup under a base path, for a component that only knows its own part of the form. */
export type ErrorAt = (relativePath: string) => string | undefined;

export const errorsUnder =
  (errors: FieldErrors, base: string): ErrorAt =>
  (relativePath) =>
    errorMessageAt(errors, relativePath ? `${base}.${relativePath}` : base);
