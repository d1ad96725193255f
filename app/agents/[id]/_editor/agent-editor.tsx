'use client';
import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useForm, type FieldErrors, type FieldPath, type Resolver } from 'react-hook-form';
import { isConditional } from '@/lib/agents';
import { contextFieldsOf } from '@/lib/rules';
import { StatusBadge } from '../../../_components/status-badge';
import { Button } from '../../../_components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../_components/ui/tabs';
import { issuesOf } from '../../../_lib/action-result';
import { publishVersion, restoreVersion, saveAgent, unpublishAgent, versionsAfter } from '../../actions';
import { BasicsTab } from './basics-tab';
import { ConditionsTab } from './conditions-tab';
import { DraftProblemsProvider, useDraftProblemsRegistry } from './draft-problems';
import { isMarkedDirty } from '../../../_lib/form-dirty';
import { changesToSend, editorFormSchema, valuesOf } from './editor-form';
import { errorsUnder } from '../../../_lib/form-errors';
import { PlaygroundTab } from './playground/playground-tab';
import { PreviewTab } from './preview-tab';
import { ConflictDialog, SaveDialog, type ConflictInfo } from './save-dialogs';
import { ToolsTab } from './tools-tab';
import { editedFields, type EditedField, type EditorData, type EditorValues } from './types';
import { UnsavedChangesGuard } from '../../../_components/unsaved-changes-guard';
import { useMcpTools } from './use-mcp-tools';
import { VersionsTab } from './versions-tab';

const isEmptyRecord = (value: unknown) =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0;

/** The tab that shows a field's problem: rules of a conditional tool field live in Conditions. */
function tabOf(field: EditedField, values: EditorValues): string {
  if (field === 'name' || field === 'description' || field === 'model' || field === 'instructions') return 'basics';
  const value = values[field];
  return value !== undefined && isConditional(value as never) ? 'conditions' : 'tools';
}

export function AgentEditor({ data }: { data: EditorData }) {
  const router = useRouter();
  const { agent, version } = data;
  const form = useForm<EditorValues>({
    // The schema's input type is looser than the form's values (it accepts any JSON); the values it checks are these.
    resolver: zodResolver(editorFormSchema({ stored: agent.source === 'stored' })) as unknown as Resolver<EditorValues>,
    defaultValues: valuesOf(version),
  });
  // A new latest version from the server (a save, a restore, a reload) becomes what the form edits.
  const loadedVersionId = useRef(version.id);
  useEffect(() => {
    if (loadedVersionId.current === version.id) return;
    loadedVersionId.current = version.id;
    form.reset(valuesOf(version));
  }, [version, form]);

  const values = form.watch();
  const { dirtyFields, errors } = form.formState;
  const changed = editedFields.filter((field) => isMarkedDirty(dirtyFields[field]));
  const dirty = changed.length > 0;
  const [announcement, setAnnouncement] = useState('');
  const announce = useCallback((text: string) => setAnnouncement(text), []);
  const [tab, setTab] = useState('basics');
  const [saveOpen, setSaveOpen] = useState(false);
  const [conflict, setConflict] = useState<ConflictInfo | null>(null);
  const conflictMessage = useRef('');
  const clientIds = useMemo(() => data.catalog.mcpClients.map((client) => client.id), [data.catalog.mcpClients]);
  const mcp = useMcpTools(clientIds);
  const refresh = useCallback(() => router.refresh(), [router]);
  const drafts = useDraftProblemsRegistry();
  const contextFields = useMemo(() => contextFieldsOf(version.requestContextSchema), [version.requestContextSchema]);
  const errorAt = (base: string) => errorsUnder(errors as FieldErrors, base);

  const setField = <Field extends EditedField>(field: Field, value: EditorValues[Field]) => {
    // Emptying a field the version never had leaves it absent, so it does not count as a change.
    const next = isEmptyRecord(value) && form.formState.defaultValues?.[field] === undefined ? undefined : value;
    form.setValue(field as FieldPath<EditorValues>, next as never, {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    });
  };

  const requestSave = form.handleSubmit(
    () => {
      const unreadable = drafts.first();
      if (unreadable) return announce(`Not saved: correct ${unreadable}`);
      if (!dirty) return announce('Nothing to save: no field has changed.');
      setSaveOpen(true);
    },
    (invalid) => {
      const field = editedFields.find((name) => invalid[name] !== undefined) ?? 'name';
      const target = tabOf(field, form.getValues());
      setTab(target);
      announce(`Not saved: correct the fields marked in ${target[0]!.toUpperCase()}${target.slice(1)}.`);
    },
  );

  async function save(changeMessage: string, baseVersionNumber: number) {
    announce('Saving…');
    const result = await saveAgent({
      id: agent.id,
      baseVersionNumber,
      ...(changeMessage ? { changeMessage } : {}),
      ...changesToSend(form.getValues(), changed),
    });
    setSaveOpen(false);
    if (result.ok) {
      setConflict(null);
      if (result.value.created) announce(`Version ${result.value.versionNumber} saved`);
      else {
        form.reset(form.getValues());
        announce('Nothing saved: these fields already match the latest version.');
      }
      refresh();
      return;
    }
    if (result.error.code === 'version_conflict') {
      const details = result.error.details as { latestVersionNumber: number; changedFields: string[] };
      const newer = await versionsAfter({ id: agent.id, after: baseVersionNumber });
      conflictMessage.current = changeMessage;
      setConflict({
        latestVersionNumber: details.latestVersionNumber,
        newer: newer.ok ? newer.value : [],
        colliding: changed.filter((field) => details.changedFields.includes(field)),
      });
      announce('Not saved: someone saved a newer version first.');
      return;
    }
    for (const issue of issuesOf(result.error)) {
      const field = issue.path.split('.')[0] as EditedField;
      if (editedFields.includes(field))
        form.setError(issue.path as FieldPath<EditorValues>, { message: issue.message });
    }
    announce(`Not saved: ${result.error.message}`);
  }

  async function publish(versionNumber: number) {
    announce(`Publishing version ${versionNumber}…`);
    const result = await publishVersion({ id: agent.id, versionNumber });
    if (!result.ok) return announce(`Not published: ${result.error.message}`);
    announce(`Version ${versionNumber} published`);
    refresh();
  }

  async function restore(versionNumber: number) {
    if (dirty) return announce('Save or discard your changes first: restoring replaces what the editor shows.');
    announce(`Restoring version ${versionNumber}…`);
    const result = await restoreVersion({ id: agent.id, versionNumber });
    if (!result.ok) return announce(`Not restored: ${result.error.message}`);
    announce(`Version ${result.value.versionNumber} saved`);
    refresh();
  }

  async function unpublish() {
    announce('Unpublishing…');
    const result = await unpublishAgent({ id: agent.id });
    if (!result.ok) return announce(`Not unpublished: ${result.error.message}`);
    announce('Unpublished: applications now get no published version of this agent.');
    refresh();
  }

  const publishLatest = () =>
    dirty
      ? announce('Save your changes first: Publish publishes the latest saved version.')
      : publish(agent.latestVersionNumber);

  return (
    <DraftProblemsProvider value={drafts}>
      <section aria-labelledby="agent-heading" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="flex flex-col gap-1">
            <h1 id="agent-heading" className="text-2xl font-semibold">
              {version.name ?? agent.id}
            </h1>
            <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
              <StatusBadge status={agent.status} hasUnpublishedChanges={agent.hasUnpublishedChanges} />
              <span className="font-mono">{agent.id}</span>
              <span>
                · editing version {version.versionNumber}
                {agent.activeVersionNumber !== null ? ` · version ${agent.activeVersionNumber} published` : ''}
              </span>
              {dirty ? (
                <span className="font-medium text-amber-800">· unsaved changes: {changed.join(', ')}</span>
              ) : null}
            </div>
          </div>
          <div className="flex gap-2">
            {dirty ? (
              <Button variant="ghost" onClick={() => form.reset(valuesOf(version))}>
                Discard changes
              </Button>
            ) : null}
            <Button variant="primary" onClick={() => void requestSave()}>
              Save
            </Button>
            <Button onClick={() => void publishLatest()}>Publish</Button>
          </div>
        </div>
        <p role="status" className="min-h-6 text-sm font-medium text-slate-800">
          {announcement}
        </p>
        <Tabs value={tab} onValueChange={setTab} data-main-content>
          <TabsList aria-label="Agent settings">
            <TabsTrigger value="basics">Basics</TabsTrigger>
            <TabsTrigger value="tools">Tools</TabsTrigger>
            <TabsTrigger value="conditions">Conditions</TabsTrigger>
            <TabsTrigger value="preview">Preview</TabsTrigger>
            <TabsTrigger value="versions">Versions</TabsTrigger>
            <TabsTrigger value="playground">Playground</TabsTrigger>
          </TabsList>
          <TabsContent value="basics">
            <BasicsTab
              values={values}
              register={form.register}
              errors={errors}
              setField={setField}
              codeAgent={data.codeAgent}
              models={data.models}
              fields={contextFields}
              errorAt={errorAt}
            />
          </TabsContent>
          <TabsContent value="tools">
            <ToolsTab values={values} setField={setField} catalog={data.catalog} codeAgent={data.codeAgent} mcp={mcp} />
          </TabsContent>
          <TabsContent value="conditions">
            <ConditionsTab
              values={values}
              setField={setField}
              catalog={data.catalog}
              mcp={mcp}
              codeAgent={data.codeAgent}
              fields={contextFields}
              errorAt={errorAt}
            />
          </TabsContent>
          <TabsContent value="preview">
            <PreviewTab
              agentId={agent.id}
              latestVersionNumber={agent.latestVersionNumber}
              requestContextSchema={version.requestContextSchema}
              instructions={version.instructions}
              dirty={dirty}
              announce={announce}
            />
          </TabsContent>
          <TabsContent value="versions">
            <VersionsTab
              agentId={agent.id}
              versions={data.versions}
              labels={data.labels}
              activeVersionNumber={agent.activeVersionNumber}
              actions={{ publish, restore, unpublish }}
              announce={announce}
              refresh={refresh}
            />
          </TabsContent>
          {/* Kept mounted, so a conversation (and a run streaming into it) survives a look at another tab. */}
          <TabsContent value="playground" forceMount className="data-[state=inactive]:hidden">
            <PlaygroundTab
              agentId={agent.id}
              latestVersionNumber={agent.latestVersionNumber}
              activeVersionNumber={agent.activeVersionNumber}
              dirty={dirty}
            />
          </TabsContent>
        </Tabs>
        <SaveDialog
          open={saveOpen}
          onOpenChange={setSaveOpen}
          changedFields={changed}
          onSave={(message) => save(message, version.versionNumber)}
        />
        <ConflictDialog
          conflict={conflict}
          onReload={() => {
            setConflict(null);
            form.reset(valuesOf(version));
            announce('Reloading the newest version…');
            refresh();
          }}
          onOverwrite={() => void save(conflictMessage.current, conflict!.latestVersionNumber)}
        />
        <UnsavedChangesGuard dirty={dirty} />
      </section>
    </DraftProblemsProvider>
  );
}
