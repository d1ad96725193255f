'use client';
/**
 * Create and edit a saved MCP client: name, description, servers (stdio or HTTP, several per
 * client), each server's allow-list picked from the tools it lists live, Test connection, and the
 * version history with restore. The service validates with the API's own schemas (the stdio
 * allow-list and the secret rules included); every problem comes back beside its field.
 */
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import type { McpClientVersionView } from '@/lib/editor';
import { Button } from '../../_components/ui/button';
import { Note } from '../../_components/ui/card';
import { TextField } from '../../_components/ui/field';
import { UnsavedChangesGuard } from '../../_components/unsaved-changes-guard';
import { issuesOf, type ActionError } from '../../_lib/action-result';
import { errorMessageAt } from '../../_lib/form-errors';
import { isMarkedDirty } from '../../_lib/form-dirty';
import { idFromName } from '../../_lib/id-from-name';
import { createMcpClient, saveMcpClient } from '../actions';
import type { ConnectionTest } from './connection-test';
import { ConnectionTestPanel } from './connection-test-panel';
import {
  emptyClient,
  formPathOf,
  newServer,
  serversBody,
  valuesOfVersion,
  type McpClientFormValues,
} from './form-values';
import { ServerFields } from './server-fields';

/** The stdio allow-list refusal in plain words, naming the setting to change. */
function refusalText(error: ActionError): string {
  const details = (error.details ?? {}) as { command?: string; environmentVariable?: string };
  const setting = details.environmentVariable ?? 'STUDIO_STDIO_ALLOWED_COMMANDS';
  return `This studio does not allow saved servers to run "${details.command ?? 'this command'}". The commands they may run are listed in the setting ${setting} (comma-separated, read when the studio starts): add this command there and restart the studio, or pick an allowed command.`;
}

export function McpClientForm({
  version,
  allowedCommands,
  announce,
}: {
  /** The latest version when editing; absent when creating. */
  version?: McpClientVersionView;
  allowedCommands: string[];
  announce: (text: string) => void;
}) {
  const router = useRouter();
  const editing = version !== undefined;
  const form = useForm<McpClientFormValues>({ defaultValues: version ? valuesOfVersion(version) : emptyClient() });
  const [idEdited, setIdEdited] = useState(editing);
  const [conflict, setConflict] = useState<number | null>(null);
  const [test, setTest] = useState<ConnectionTest | null>(null);
  // A new latest version (a save, a restore) becomes what the form edits.
  const loadedVersionId = useRef(version?.id);
  useEffect(() => {
    if (!version || loadedVersionId.current === version.id) return;
    loadedVersionId.current = version.id;
    form.reset(valuesOfVersion(version));
    setConflict(null);
  }, [version, form]);

  const servers = useWatch({ control: form.control, name: 'servers' });
  const { errors, isSubmitting, dirtyFields } = form.formState;
  const dirty = isMarkedDirty(dirtyFields);
  const errorAt = (path: string) => errorMessageAt(errors as FieldErrors, path);
  const setServers = (next: McpClientFormValues['servers']) => form.setValue('servers', next, { shouldDirty: true });

  const submit = form.handleSubmit(async (values) => {
    form.clearErrors();
    const names = values.servers.map((server) => server.name.trim());
    const duplicate = names.findIndex((name, index) => names.indexOf(name) !== index);
    if (duplicate !== -1) {
      form.setError(`servers.${duplicate}.name`, { message: 'Two servers have this name; names must differ.' });
      return announce('Not saved: two servers have the same name.');
    }
    announce(editing ? 'Saving…' : 'Creating the MCP client…');
    const common = { name: values.name, servers: serversBody(values) as never };
    const result = editing
      ? await saveMcpClient({
          id: version.clientId,
          baseVersionNumber: version.versionNumber,
          ...common,
          description: values.description.trim() ? values.description : null,
          ...(values.changeMessage.trim() ? { changeMessage: values.changeMessage } : {}),
        })
      : await createMcpClient({
          id: values.id,
          ...common,
          ...(values.description.trim() ? { description: values.description } : {}),
          ...(values.changeMessage.trim() ? { changeMessage: values.changeMessage } : {}),
        });
    if (result.ok) {
      if (!editing) {
        announce('MCP client created: opening it…');
        router.push(`/mcp-clients/${values.id}`);
        return;
      }
      const saved = result.value as { created: boolean; versionNumber: number };
      if (saved.created) announce(`Version ${saved.versionNumber} saved`);
      else {
        form.reset(values);
        announce('Nothing saved: these settings already match the latest version.');
      }
      router.refresh();
      return;
    }
    const { error } = result;
    if (error.code === 'version_conflict') {
      const latest = (error.details as { latestVersionNumber?: number } | undefined)?.latestVersionNumber ?? null;
      setConflict(latest);
      return announce(`Not saved: someone saved version ${latest ?? 'a newer version'} first. Reload to see it.`);
    }
    if (error.code === 'forbidden') {
      const server = (error.details as { server?: string } | undefined)?.server;
      const index = values.servers.findIndex((candidate) => candidate.name.trim() === server);
      form.setError(index === -1 ? 'name' : `servers.${index}.command`, { message: refusalText(error) });
      return announce(`Not saved: ${refusalText(error)}`);
    }
    if (error.code === 'conflict') form.setError('id', { message: `${error.message} Choose another id.` });
    for (const issue of issuesOf(error)) {
      const path = formPathOf(issue.path, values);
      if (path) form.setError(path as never, { message: issue.message });
    }
    announce(`Not saved: ${error.message}`);
  });

  const nameField = form.register('name');
  const idField = form.register('id');
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <div className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-5">
        <TextField
          label="Name"
          autoComplete="off"
          error={errorAt('name')}
          {...nameField}
          onChange={(event) => {
            void nameField.onChange(event);
            if (!idEdited) form.setValue('id', idFromName(event.target.value));
          }}
        />
        {editing ? (
          <p className="text-sm text-slate-700">
            Id <span className="font-mono">{version.clientId}</span> · version {version.versionNumber}
          </p>
        ) : (
          <TextField
            label="Id"
            autoComplete="off"
            className="font-mono"
            hint="Derived from the name; agents refer to the client by it and it cannot change later."
            error={errorAt('id')}
            {...idField}
            onChange={(event) => {
              setIdEdited(true);
              void idField.onChange(event);
            }}
          />
        )}
        <TextField
          label="Description"
          autoComplete="off"
          error={errorAt('description')}
          {...form.register('description')}
        />
      </div>
      {errorAt('servers') ? <p className="text-sm text-danger">{errorAt('servers')}</p> : null}
      {servers.map((server, index) => (
        <ServerFields
          key={index}
          index={index}
          server={server}
          errorOf={(field) => errorAt(`servers.${index}.${field}`)}
          onChange={(next) => setServers(servers.map((candidate, at) => (at === index ? next : candidate)))}
          onRemove={servers.length > 1 ? () => setServers(servers.filter((_, at) => at !== index)) : undefined}
          listed={test?.servers[server.name]}
          allowedCommands={allowedCommands}
        />
      ))}
      <div>
        <Button onClick={() => setServers([...servers, newServer(`server-${servers.length + 1}`)])}>Add server</Button>
      </div>
      <div className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4">
        <TextField
          label="Change message"
          className="min-w-80 flex-1"
          autoComplete="off"
          placeholder="What changed and why (optional)"
          error={errorAt('changeMessage')}
          {...form.register('changeMessage')}
        />
        <Button type="submit" variant="primary" disabled={isSubmitting} className="mb-0.5">
          Save
        </Button>
        {editing && dirty ? (
          <Button variant="ghost" className="mb-0.5" onClick={() => form.reset(valuesOfVersion(version))}>
            Discard changes
          </Button>
        ) : null}
      </div>
      {conflict !== null ? (
        <Note tone="warning">
          Someone saved version {conflict} of this client after you opened it. Reload to see it (your edits here are
          discarded), then make them again.{' '}
          <Button
            size="sm"
            onClick={() => {
              form.reset(valuesOfVersion(version!));
              router.refresh();
            }}
          >
            Reload
          </Button>
        </Note>
      ) : null}
      {editing ? (
        <ConnectionTestPanel
          clientId={version.clientId}
          versionNumber={version.versionNumber}
          dirty={dirty}
          result={test}
          onResult={setTest}
          announce={announce}
        />
      ) : (
        <Note>
          Save the client first; then Test connection lists each server&rsquo;s tools so you can pick its allow-list.
        </Note>
      )}
      <UnsavedChangesGuard dirty={dirty} what="This MCP client" />
    </form>
  );
}
