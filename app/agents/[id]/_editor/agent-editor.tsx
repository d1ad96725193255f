'use client';
import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useForm, type FieldErrors, type FieldPath, type Resolver, type UseFormReturn } from 'react-hook-form';
import { sameJson } from '@/lib/canonical-json';
import { isRecord } from '@/lib/is-record';
import { isConditional } from '@/lib/snapshots';
import { contextFieldsOf } from '@/lib/rules';
import { EditorHeader } from './editor-header';
import { EditorTabs } from './editor-tabs';
import { DraftProblemsProvider, useDraftProblemsRegistry } from './draft-problems';
import { RequestContextSchemaContext } from './rule-diagnostics';
import { isMarkedDirty } from '../../../_lib/form-dirty';
import { editorFormSchema, valuesOf } from './editor-form';
import { errorsUnder } from '../../../_lib/form-errors';
import { ConflictDialog, SaveDialog } from './save-dialogs';
import { PublishDialog } from './publish-dialog';
import { editedFields, type EditedField, type EditorData, type EditorValues } from './types';
import { UnsavedChangesGuard } from '../../../_components/unsaved-changes-guard';
import { useMcpTools } from './use-mcp-tools';
import { useInYourApp } from './use-in-your-app';
import { useSaveAgent } from './use-save-agent';
import { unsavedDraftOf } from './unsaved-draft';
import { useVersionActions } from './use-version-actions';
import { changesInWords } from './field-words';
import { focusSaveStatus, SaveStatus, useSaveShortcut } from './save-status';
import { usePermissions } from '../../../_components/permissions';

const isEmptyRecord = (value: unknown) => isRecord(value) && Object.keys(value).length === 0;

/** The tab that shows a field's problem: rules of a conditional tool field live in Conditions. */
function tabOf(field: EditedField, values: EditorValues): string {
  if (field === 'name' || field === 'description' || field === 'model' || field === 'instructions') return 'basics';
  if (field === 'requestContextSchema') return 'conditions';
  const value = values[field];
  return value !== undefined && isConditional(value as never) ? 'conditions' : 'tools';
}

/** Sets a field as a person's edit; emptying a field the version never had leaves it absent (no change). */
function fieldSetter(form: UseFormReturn<EditorValues>) {
  return <Field extends EditedField>(field: Field, value: EditorValues[Field]) => {
    const next = isEmptyRecord(value) && form.formState.defaultValues?.[field] === undefined ? undefined : value;
    form.setValue(field as FieldPath<EditorValues>, next as never, {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    });
  };
}

/** `openVersion`: opened at a version (`/agents/<id>?version=<n>`), which the Versions tab shows read-only. */
/** The form over the latest version; a new latest version from the server (a save, a restore, a reload) becomes what it edits. */
function useEditorForm({ version, stored }: { version: EditorData['version']; stored: boolean }) {
  const form = useForm<EditorValues>({
    // The schema's input type is looser than the form's values (it accepts any JSON); the values it checks are these.
    resolver: zodResolver(editorFormSchema({ stored })) as unknown as Resolver<EditorValues>,
    defaultValues: valuesOf(version),
  });
  const loadedVersionId = useRef(version.id);
  useEffect(() => {
    if (loadedVersionId.current === version.id) return;
    loadedVersionId.current = version.id;
    form.reset(valuesOf(version));
  }, [version, form]);
  return form;
}

interface AgentEditorProps {
  data: EditorData;
  openVersion?: number | null;
  /** The tab to open first (`?tab=tests`); otherwise Basics, or Versions when opened at a version. */
  openTab?: string | null;
}

export function AgentEditor({ data, openVersion = null, openTab = null }: AgentEditorProps) {
  const router = useRouter();
  const { edit } = usePermissions();
  const { agent, version } = data;
  const form = useEditorForm({ version, stored: agent.source === 'stored' });

  const values = form.watch();
  const { dirtyFields, errors } = form.formState;
  const changed = editedFields.filter(
    (field) => isMarkedDirty(dirtyFields[field]) || !sameJson(values[field], form.formState.defaultValues?.[field]),
  );
  const drafts = useDraftProblemsRegistry();
  // A rule value still being typed (and not readable yet) is a change the form does not hold.
  const dirty = changed.length > 0 || drafts.unsaved;
  // Discarding remounts the draft tabs, so rule drafts the form never held are dropped too.
  const [generation, setGeneration] = useState(0);
  const [announcement, setAnnouncement] = useState('');
  const announce = useCallback((text: string) => setAnnouncement(text), []);
  const [tab, setTab] = useState(openTab ?? (openVersion === null ? 'basics' : 'versions'));
  const clientIds = useMemo(() => data.catalog.mcpClients.map((client) => client.id), [data.catalog.mcpClients]);
  const mcp = useMcpTools(clientIds);
  const refresh = useCallback(() => router.refresh(), [router]);
  const { saveOpen, setSaveOpen, conflict, setConflict, conflictMessage, save } = useSaveAgent({
    form,
    agentId: agent.id,
    changed,
    announce,
    refresh,
  });
  const usage = useInYourApp(data);
  // The fields declared in the draft (Conditions tab) drive the rule builder before they are saved.
  const contextFields = useMemo(() => contextFieldsOf(values.requestContextSchema), [values.requestContextSchema]);
  const errorAt = (base: string) => errorsUnder(errors as FieldErrors, base);

  const setField = fieldSetter(form);

  const requestSave = form.handleSubmit(
    () => {
      const unreadable = drafts.first();
      if (unreadable) return announce(`Not saved: correct ${unreadable}`);
      if (changed.length === 0) return announce('Nothing to save: no field has changed.');
      setSaveOpen(true);
    },
    (invalid) => {
      const field = editedFields.find((name) => invalid[name] !== undefined) ?? 'name';
      const target = tabOf(field, form.getValues());
      setTab(target);
      announce(`Not saved: correct the fields marked in ${target[0]!.toUpperCase()}${target.slice(1)}.`);
    },
  );

  useSaveShortcut(() => void requestSave(), edit);

  const versionActions = useVersionActions({ agentId: agent.id, dirty, announce, refresh });
  const { publish, restore, unpublish, publishDialog } = versionActions;
  const publishLatest = () =>
    dirty
      ? announce('Save your changes first: Publish publishes the latest saved version.')
      : publish(agent.latestVersionNumber);

  return (
    <DraftProblemsProvider value={drafts}>
      <RequestContextSchemaContext.Provider value={values.requestContextSchema}>
        <section aria-labelledby="agent-heading" className="flex flex-col gap-4">
          <EditorHeader
            agent={agent}
            version={version}
            changes={changesInWords(changed, drafts.unsaved)}
            onDiscard={() => {
              form.reset(valuesOf(version));
              setGeneration((count) => count + 1);
            }}
            onSave={() => void requestSave()}
            onPublish={() => void publishLatest()}
            actions={usage.button}
          />
          {usage.panel}
          <SaveStatus announcement={announcement} />
          <EditorTabs
            tab={tab}
            onTab={setTab}
            data={data}
            form={form}
            draft={{
              values,
              setField,
              catalog: data.catalog,
              codeAgent: data.codeAgent,
              mcp,
              fields: contextFields,
              errorAt,
              showConditions: () => setTab('conditions'),
            }}
            generation={generation}
            dirty={dirty}
            announce={announce}
            refresh={refresh}
            versionActions={{ publish, restore, unpublish }}
            openVersion={openVersion}
            unsavedDraft={unsavedDraftOf({ values, changed, baseVersionNumber: version.versionNumber })}
          />
          <SaveDialog
            open={saveOpen}
            onOpenChange={setSaveOpen}
            changedFields={changesInWords(changed)}
            onSave={(message) => save(message, version.versionNumber)}
            afterSave={focusSaveStatus}
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
          <PublishDialog agentId={agent.id} {...publishDialog} />
          <UnsavedChangesGuard dirty={dirty} />
        </section>
      </RequestContextSchemaContext.Provider>
    </DraftProblemsProvider>
  );
}
