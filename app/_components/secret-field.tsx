'use client';
/**
 * A secret value (an MCP server's environment variable, an integration's credential): a saved
 * value is shown masked (•••• and its last 4 characters) and sent back as it is, which keeps the
 * stored secret; Replace clears it so a new value can be typed, hidden as it is typed.
 */
import { Button } from './ui/button';
import { TextField } from './ui/field';

export function SecretField({
  label,
  value,
  saved,
  error,
  onChange,
  onReplace,
  savedHint = 'Saved secret, shown masked. Saving keeps it.',
}: {
  label: string;
  value: string;
  /** Whether the value is the saved secret, shown masked. */
  saved: boolean;
  error?: string;
  onChange: (value: string) => void;
  onReplace: () => void;
  /** When a saved secret is kept (e.g. "while the command stays the same"). */
  savedHint?: string;
}) {
  if (saved) {
    return (
      <div className="flex items-end gap-2">
        <TextField label={label} value={value} readOnly error={error} className="flex-1" hint={savedHint} />
        <Button size="sm" className="mb-6" aria-label={`Replace ${label}`} onClick={onReplace}>
          Replace
        </Button>
      </div>
    );
  }
  return (
    <TextField
      label={label}
      type="password"
      autoComplete="new-password"
      value={value}
      error={error}
      className="flex-1"
      hint="Stored encrypted; shown only masked once saved."
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
