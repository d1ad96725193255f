'use client';
/**
 * API keys for applications and scripts: create one with a name and a scope (the key is shown
 * this once, to copy), see every key with its last use, revoke one. The API checks the admin role
 * again on every request.
 */
import { useState, type FormEvent } from 'react';
import { formatTime } from '../_components/format';
import { FormAlert } from '../_components/form-alert';
import { Button } from '../_components/ui/button';
import { Card, Note } from '../_components/ui/card';
import { SelectField, TextField } from '../_components/ui/field';
import { TableHead } from '../_components/ui/table-head';
import { sendJson } from '../_lib/send-json';
import { useJsonList } from './use-json-list';

interface ApiKeyRow {
  id: string;
  name: string;
  scope: string;
  prefix: string;
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
  revokedAt: string | null;
  createdBy: string;
}

const scopeHints = {
  runtime: 'runtime: read, resolve and run agents',
  editor: 'editor: also save and publish',
  admin: 'admin: everything',
};

function statusOf(key: ApiKeyRow, now: number): string {
  if (key.revokedAt) return `Revoked ${formatTime(key.revokedAt)}`;
  if (key.expiresAt && Date.parse(key.expiresAt) <= now) return `Expired ${formatTime(key.expiresAt)}`;
  return key.expiresAt ? `Active until ${formatTime(key.expiresAt)}` : 'Active';
}

function NewKey({ onCreated }: { onCreated: () => void }) {
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<string>();
  const [error, setError] = useState<string>();
  const [copied, setCopied] = useState(false);

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const expires = String(form.get('expires') ?? '');
    const answer = await sendJson<{ key: string }>('POST', '/api/keys', {
      name: String(form.get('name') ?? '').trim(),
      scope: String(form.get('scope')),
      ...(expires ? { expiresAt: new Date(`${expires}T23:59:59Z`).toISOString() } : {}),
    });
    if (!answer.ok) return setError(answer.message);
    setError(undefined);
    setCreated(answer.value.key);
    onCreated();
  }

  if (!open)
    return (
      <Button className="self-start" onClick={() => setOpen(true)}>
        Create API key
      </Button>
    );
  return (
    <Card className="flex flex-col gap-3">
      <form onSubmit={create} className="flex flex-wrap items-end gap-3" aria-label="Create API key">
        <TextField label="Key name" name="name" required maxLength={100} className="w-64" autoComplete="off" />
        <SelectField label="Scope" name="scope" defaultValue="runtime" className="w-72">
          {Object.entries(scopeHints).map(([scope, hint]) => (
            <option key={scope} value={scope}>
              {hint}
            </option>
          ))}
        </SelectField>
        <TextField label="Expires on (optional)" name="expires" type="date" className="w-44" />
        <Button type="submit" variant="primary">
          Create key
        </Button>
      </form>
      <FormAlert message={error} />
      {created ? (
        <div className="flex flex-wrap items-end gap-2">
          <TextField label="New API key" value={created} readOnly className="min-w-96 flex-1 font-mono" />
          <Button
            onClick={() =>
              void navigator.clipboard.writeText(created).then(
                () => setCopied(true),
                () => setCopied(false),
              )
            }
          >
            Copy
          </Button>
          <p role="status" className="w-full text-sm text-slate-700">
            {copied ? 'Copied. ' : ''}This is the only time the key is shown: keep it where the application reads it.
          </p>
        </div>
      ) : null}
    </Card>
  );
}

export function ApiKeysPanel() {
  const { items, error, reload } = useJsonList<ApiKeyRow>('/api/keys');
  const [status, setStatus] = useState('');
  const now = Date.now();

  async function revoke(key: ApiKeyRow) {
    const answer = await sendJson('DELETE', `/api/keys/${encodeURIComponent(key.id)}`);
    setStatus(answer.ok ? `Key ${key.name} revoked: it is refused from now on.` : `Not revoked: ${answer.message}`);
    await reload();
  }

  return (
    <section aria-label="API keys" className="flex flex-col gap-3">
      <Note>
        Applications and scripts send a key as <code>Authorization: Bearer …</code>. A key has one scope; it is stored
        hashed, so a lost key is revoked and replaced, never shown again.
      </Note>
      <NewKey onCreated={() => void reload()} />
      <p role="status" className="text-sm text-slate-700">
        {status}
      </p>
      {error ? <p className="text-sm text-danger">{error}</p> : null}
      {items && items.length === 0 ? <p className="text-sm">No API keys yet.</p> : null}
      {items && items.length > 0 ? (
        <table
          aria-label="API keys"
          className="w-full border-collapse rounded-lg border border-slate-200 bg-white text-sm"
        >
          <TableHead columns={['Name', 'Scope', 'Starts with', 'Created', 'Last used', 'Status', 'Actions']} />
          <tbody>
            {items.map((key) => (
              <tr key={key.id} className="border-b border-slate-100">
                <td className="p-2.5">{key.name}</td>
                <td className="p-2.5">{key.scope}</td>
                <td className="p-2.5 font-mono">{key.prefix}…</td>
                <td className="p-2.5" data-volatile="time">
                  {formatTime(key.createdAt)} by {key.createdBy}
                </td>
                <td className="p-2.5" data-volatile="time">
                  {key.lastUsedAt ? formatTime(key.lastUsedAt) : 'Never'}
                </td>
                <td className="p-2.5">{statusOf(key, now)}</td>
                <td className="p-2.5">
                  {key.revokedAt ? null : (
                    <Button size="sm" variant="danger" onClick={() => void revoke(key)}>
                      Revoke {key.name}
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
