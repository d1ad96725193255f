'use client';
/** The email and password fields of the forms that sign someone in or make their account. */
import { TextField } from './ui/field';

interface Bound {
  value: string;
  onValue: (value: string) => void;
}

export function EmailField({ value, onValue, autoComplete = 'email' }: Bound & { autoComplete?: string }) {
  return (
    <TextField
      label="Email"
      type="email"
      autoComplete={autoComplete}
      required
      value={value}
      onChange={(event) => onValue(event.target.value)}
    />
  );
}

/** `creating`: a new password (with the rule it must meet), not the current one. */
export function PasswordField({ value, onValue, creating }: Bound & { creating: boolean }) {
  return (
    <TextField
      label="Password"
      type="password"
      autoComplete={creating ? 'new-password' : 'current-password'}
      {...(creating ? { hint: 'At least 12 characters.' } : {})}
      required
      value={value}
      onChange={(event) => onValue(event.target.value)}
    />
  );
}
