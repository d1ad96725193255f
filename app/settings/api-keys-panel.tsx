'use client';
/**
 * API keys for applications and scripts: create one with a name and a scope (the key is shown
 * this once, to copy), see every key with its last use, revoke one. The API checks the admin role
 * again on every request.
 */
import { useState } from 'react';
import type { OperationOutput } from '@/lib/client';
import { createApiKeyInput } from '@/lib/schemas';
import { formatTime } from '../_components/format';
import { Button } from '../_components/ui/button';
import { SelectField, TextField } from '../_components/ui/field';
import { callOperation, type OperationBody } from '../_lib/api-fetch';
import { bodyCheck, CreateOnDemand } from './create-on-demand';
import { ManagedList, useManagedList } from './managed-list';
import { actorWords } from '../_lib/actor-words';

/** A key as `GET /api/keys` lists it. */
type ApiKeyRow = OperationOutput<'listApiKeys'>['items'][number];

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

/** The form's values: the expiry is a date, where the body takes a date and time. */
interface KeyFormValues {
  name: string;
  scope: OperationBody<'createApiKey'>['scope'];
  expires: string;
}

/** The body of `POST /api/keys`: an expiry date means the end of that day (UTC). */
function keyBody({ name, scope, expires }: KeyFormValues) {
  return {
    name: name.trim(),
    scope,
    expiresAt: expires ? new Date(`${expires}T23:59:59Z`).toISOString() : undefined,
  };
}

const keyFormSchema = bodyCheck(createApiKeyInput, keyBody, (field) => (field === 'expiresAt' ? 'expires' : field));

function ShownOnce({ apiKey }: { apiKey: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="flex flex-wrap items-end gap-2">
      <TextField label="New API key" value={apiKey} readOnly className="min-w-96 flex-1 font-mono" />
      <Button
        onClick={() =>
          void navigator.clipboard.writeText(apiKey).then(
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
  );
}

function NewKey({ onCreated }: { onCreated: () => void }) {
  return (
    <CreateOnDemand
      opener="Create API key"
      schema={keyFormSchema}
      defaultValues={{ name: '', scope: 'runtime', expires: '' }}
      send={(values) => callOperation('createApiKey', { body: keyBody(values) })}
      onMade={onCreated}
      shown={(made) => <ShownOnce apiKey={made.key} />}
      fields={(field) => (
        <>
          <TextField label="Key name" required maxLength={100} className="w-64" autoComplete="off" {...field('name')} />
          <SelectField label="Scope" className="w-72" {...field('scope')}>
            {Object.entries(scopeHints).map(([scope, hint]) => (
              <option key={scope} value={scope}>
                {hint}
              </option>
            ))}
          </SelectField>
          <TextField label="Expires on (optional)" type="date" className="w-44" {...field('expires')} />
          <Button type="submit" variant="primary">
            Create key
          </Button>
        </>
      )}
    />
  );
}

export function ApiKeysPanel() {
  const list = useManagedList('listApiKeys', { query: { limit: 100 } });
  const now = Date.now();
  const revoke = (key: ApiKeyRow) =>
    list.change(
      callOperation('revokeApiKey', { params: { id: key.id } }),
      `Key ${key.name} revoked: it is refused from now on.`,
      'Not revoked',
    );

  return (
    <ManagedList
      label="API keys"
      note={
        <>
          Applications and scripts send a key as <code>Authorization: Bearer …</code>. A key has one scope; it is stored
          hashed, so a lost key is revoked and replaced, never shown again.
        </>
      }
      adder={<NewKey onCreated={() => void list.reload()} />}
      list={list}
      empty="No API keys yet."
      columns={['Name', 'Scope', 'Starts with', 'Created', 'Last used', 'Status', 'Actions']}
      keyOf={(key) => key.id}
      cells={(key) => (
        <>
          <td className="p-2.5">{key.name}</td>
          <td className="p-2.5">{key.scope}</td>
          <td className="p-2.5 font-mono">{key.prefix}…</td>
          <td className="p-2.5" data-volatile="time">
            {formatTime(key.createdAt)} by {actorWords(key.createdBy)}
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
        </>
      )}
    />
  );
}
