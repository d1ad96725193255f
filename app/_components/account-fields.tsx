'use client';
/** The email and password fields of the forms that sign someone in or make their account. */
import type { boundField } from '../_lib/bound-field';
import { TextField } from './ui/field';

/** A field bound to its form, with the schema's message for it (read out as it appears). */
type Bound = ReturnType<typeof boundField>;

export function EmailField({ autoComplete = 'email', ...bound }: Bound & { autoComplete?: string }) {
  return <TextField label="Email" type="email" autoComplete={autoComplete} required announceError {...bound} />;
}

/** `creating`: a new password (with the rule it must meet), not the current one. */
export function PasswordField({ creating, ...bound }: Bound & { creating: boolean }) {
  return (
    <TextField
      label="Password"
      type="password"
      autoComplete={creating ? 'new-password' : 'current-password'}
      {...(creating ? { hint: 'At least 12 characters.' } : {})}
      required
      announceError
      {...bound}
    />
  );
}
