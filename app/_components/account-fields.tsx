'use client';
/** The email and password fields of the forms that sign someone in or make their account. */
import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from './ui/field';

/** A field bound to its form, with the schema's message for it, read out as it appears. */
interface Bound {
  registration: UseFormRegisterReturn;
  error: string | undefined;
}

export function EmailField({ registration, error, autoComplete = 'email' }: Bound & { autoComplete?: string }) {
  return (
    <TextField
      label="Email"
      type="email"
      autoComplete={autoComplete}
      required
      error={error}
      announceError
      {...registration}
    />
  );
}

/** `creating`: a new password (with the rule it must meet), not the current one. */
export function PasswordField({ registration, error, creating }: Bound & { creating: boolean }) {
  return (
    <TextField
      label="Password"
      type="password"
      autoComplete={creating ? 'new-password' : 'current-password'}
      {...(creating ? { hint: 'At least 12 characters.' } : {})}
      required
      error={error}
      announceError
      {...registration}
    />
  );
}
