'use client';
/**
 * Create and edit a saved MCP client: name, description, servers (stdio or HTTP, several per
 * client), each server's allow-list picked from the tools it lists live, Test connection, and the
 * version history with restore. The form checks the body with the API's own schemas before
 * sending; the service checks it again with the stdio allow-list and the secret rules. Every
 * problem comes back beside its field.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { usePermissions } from '../../_components/permissions';
import { useForm, useWatch, type FieldErrors, type UseFormReturn } from 'react-hook-form';
import type { McpClientVersionView } from '@/lib/editor';
import { Button } from '../../_components/ui/button';
import { Note } from '../../_components/ui/card';
import { UnsavedChangesGuard } from '../../_components/unsaved-changes-guard';
import { issuesOf, type ActionError } from '../../_lib/action-result';
import { errorMessageAt } from '../../_lib/form-errors';
import { isMarkedDirty } from '../../_lib/form-dirty';
import { createMcpClient, saveMcpClient } from '../actions';
import { ClientFields, SaveBar } from './client-fields';
import type { ConnectionTest } from './connection-test';
import { ConnectionTestPanel } from './connection-test-panel';
import { mcpClientFormSchema } from './form-schema';
import {
  clientBodyOf,
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
  return `This studio does not allow saved servers to run "${details.command ?? 'this command'}". Saved servers may run only an approved launch spec: a command and the first arguments it must start with. An admin can approve one under Settings, "Stdio launch specs", or add it to the setting ${setting} (entries separated by ";", read when the studio starts).`;
}

/** Puts a refused save's problems beside their fields; answers what the status line says. */
function showSaveError({
  form,
  error,
  values,
  onConflict,
}: {
  form: UseFormReturn<McpClientFormValues>;
  error: ActionError;
  values: McpClientFormValues;
  onConflict: (latestVersionNumber: number | null) => void;
}): string {
  if (error.code === 'version_conflict') {
    const latest = (error.details as { latestVersionNumber?: number } | undefined)?.latestVersionNumber ?? null;
    onConflict(latest);
    return `Not saved: someone saved version ${latest ?? 'a newer version'} first. Reload to see it.`;
  }
  if (error.code === 'forbidden') {
    const server = (error.details as { server?: string } | undefined)?.server;
    const index = values.servers.findIndex((candidate) => candidate.name.trim() === server);
    form.setError(index === -1 ? 'name' : `servers.${index}.command`, { message: refusalText(error) });
    return `Not saved: ${refusalText(error)}`;
  }
  if (error.code === 'conflict') form.setError('id', { message: `${error.message} Choose another id.` });
  for (const issue of issuesOf(error)) {
    const path = formPathOf(issue.path, values);
    if (path) form.setError(path as never, { message: issue.message });
  }
  return `Not saved: ${error.message}`;
}

type SaveInput = Parameters<typeof saveMcpClient>[0];
type CreateInput = Parameters<typeof createMcpClient>[0];

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
  const blankType = usePermissions().administer ? 'stdio' : 'http';
  const form = useForm<McpClientFormValues>({
    resolver: zodResolver(mcpClientFormSchema({ editing })),
    defaultValues: version ? valuesOfVersion(version) : emptyClient(blankType),
  });
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
  const dirty = isMarkedDirty(form.formState.dirtyFields);
  const errorAt = (path: string) => errorMessageAt(form.formState.errors as FieldErrors, path);
  const setServers = (next: McpClientFormValues['servers']) => form.setValue('servers', next, { shouldDirty: true });

  const submit = form.handleSubmit(
    async (values) => {
      form.clearErrors();
      announce(editing ? 'Saving…' : 'Creating the MCP client…');
      // The body passed the form's schema, the API's own: the actions take it as their input.
      const body = clientBodyOf(values, { editing });
      const result = editing
        ? await saveMcpClient({ id: version.clientId, baseVersionNumber: version.versionNumber, ...body } as SaveInput)
        : await createMcpClient(body as CreateInput);
      if (!result.ok) return announce(showSaveError({ form, error: result.error, values, onConflict: setConflict }));
      if (!editing) {
        announce('MCP client created: opening it…');
        return router.push(`/mcp-clients/${values.id}`);
      }
      const saved = result.value as { created: boolean; versionNumber: number };
      if (saved.created) announce(`Version ${saved.versionNumber} saved`);
      else {
        form.reset(values);
        announce('Nothing saved: these settings already match the latest version.');
      }
      router.refresh();
    },
    () => announce('Not saved: correct the fields marked.'),
  );

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <ClientFields form={form} clientId={version?.clientId} versionNumber={version?.versionNumber} />
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
        <Button onClick={() => setServers([...servers, newServer(`server-${servers.length + 1}`, blankType)])}>
          Add server
        </Button>
      </div>
      <SaveBar form={form} onDiscard={editing && dirty ? () => form.reset(valuesOfVersion(version)) : undefined} />
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
      <ConnectionTestPanel
        clientId={version?.clientId}
        versionNumber={version?.versionNumber}
        dirty={dirty}
        draftServers={() => serversBody(form.getValues())}
        result={test}
        onResult={setTest}
        announce={announce}
      />
      <UnsavedChangesGuard dirty={dirty} what="This MCP client" />
    </form>
  );
}
