'use client';
import Link from 'next/link';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { keylessProviderOf, providerLabel } from '../../../../_components/model-suggestions';
import { usePermissions } from '../../../../_components/permissions';
import { Button } from '../../../../_components/ui/button';
import { Note } from '../../../../_components/ui/card';
import { SelectField, TextAreaField } from '../../../../_components/ui/field';
import type { VersionView } from '@/lib/editor';
import { useContextJson } from '../../../../_components/context-form';
import { ContextInput } from '../context-input';
import { ChatMessage } from '../../../../_components/chat-message';
import { SaveAsTestCase } from '../../../../_components/save-as-test-case';
import { ToolCallCard } from '../../../../_components/tool-call/tool-call-card';
import type { Conversation } from '@/lib/playground';
import { usePlayground, type PlaygroundVersion } from './use-playground';
import type { SavedTabProps } from '../tab-props';
import { draftIssuesOf, UnsavedDraftProblems, unsavedDraftLabel } from '../unsaved-draft';

/**
 * Chat with the latest saved version (the draft), the published one, or the form's unsaved changes
 * (run as they are, nothing saved). Text and tool calls appear as they stream; a call waiting for
 * approval offers Approve / Decline, a suspended call a question form, a plan to approve or reject,
 * or a form for its resume data (a run of unsaved changes cannot wait: the server says to save first).
 */
export function PlaygroundTab({
  agentId,
  latestVersionNumber,
  activeVersionNumber,
  dirty,
  unsavedDraft,
  draftValues,
  latest,
  published,
  models,
  keylessProviders,
  showTests,
}: Pick<
  SavedTabProps,
  'agentId' | 'latestVersionNumber' | 'activeVersionNumber' | 'dirty' | 'unsavedDraft' | 'draftValues'
> & {
  /** The latest saved version (the draft) and the published one when loaded: their fields and rules. */
  latest: VersionView;
  published: VersionView | undefined;
  /** The model of each saved version the Playground can run (undefined when unknown here). */
  models: Record<'draft' | 'published', string | undefined>;
  keylessProviders: string[];
  /** Opens the Tests tab (where a run saved as a test case shows). */
  showTests?: () => void;
}) {
  const playground = usePlayground(agentId);
  const { run, administer } = usePermissions();
  const { conversation } = playground;
  const [picked, setVersion] = useState<PlaygroundVersion>('draft');
  // Once the changes are saved or discarded there is no draft left to run.
  const version = picked === 'unsaved' && !unsavedDraft ? 'draft' : picked;
  const [message, setMessage] = useState('');
  const requestContext = useContextJson();
  const busy = conversation.phase === 'running';
  const chosen = version === 'unsaved' ? draftValues : version === 'draft' ? latest : published;
  const model = version === 'unsaved' ? (draftValues.model ?? models.draft) : models[version];

  function submit(event?: FormEvent) {
    event?.preventDefault();
    const text = message.trim();
    if (text === '' || busy) return;
    const context = requestContext.read();
    if (!context) return;
    setMessage('');
    void playground.send(text, { version, requestContext: context, draft: unsavedDraft });
  }

  function sendOnEnter(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (!run || event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  }

  return (
    <div className="flex flex-col gap-4">
      <Note>
        Runs a real model with the agent&apos;s tools: tool calls really execute.
        {dirty ? ` You have unsaved changes: choose "${unsavedDraftLabel}" to chat with them without saving.` : ''}
      </Note>
      <div className="grid gap-4 md:grid-cols-2">
        <VersionChoice
          value={version}
          onChange={setVersion}
          latestVersionNumber={latestVersionNumber}
          activeVersionNumber={activeVersionNumber}
          unsaved={unsavedDraft !== null}
        />
        <ContextInput
          requestContext={requestContext}
          schema={(chosen ?? latest).requestContextSchema}
          versions={chosen ? [chosen] : []}
          rows={2}
        />
      </div>
      <MissingKey model={model} keylessProviders={keylessProviders} admin={administer} />
      <section aria-label="Conversation" aria-busy={busy} className="flex flex-col gap-2">
        {conversation.items.length === 0 ? (
          <p className="text-sm text-slate-600">Send a message to start a run.</p>
        ) : null}
        <ol className="flex flex-col gap-2">
          {conversation.items.map((item) => (
            <li key={item.id} className={item.kind === 'user' ? 'self-end' : ''}>
              <ConversationItem item={item} busy={busy} playground={playground} />
            </li>
          ))}
        </ol>
        {conversation.error ? <RunError error={conversation.error} model={model} admin={administer} /> : null}
        <RunLine conversation={conversation} agentId={agentId} showTests={showTests} />
      </section>
      <form onSubmit={submit} className="flex flex-col gap-2">
        <TextAreaField
          label="Message"
          rows={2}
          value={message}
          hint="Enter sends; Shift+Enter starts a new line."
          onChange={(event) => setMessage(event.target.value)}
          onKeyDown={sendOnEnter}
        />
        <div className="flex gap-2">
          {run ? (
            <Button type="submit" variant="primary" disabled={busy}>
              Send
            </Button>
          ) : (
            <p className="text-sm text-slate-700">Your role can look and preview, not run the agent.</p>
          )}
          {busy ? <Button onClick={playground.stop}>Stop</Button> : null}
          {conversation.items.length > 0 && !busy ? (
            <Button variant="ghost" onClick={playground.reset}>
              New conversation
            </Button>
          ) : null}
        </div>
      </form>
    </div>
  );
}

/** Which run the conversation is in and how it stands; a finished one can be saved as a test case. */
function RunLine({
  conversation,
  agentId,
  showTests,
}: {
  conversation: Conversation;
  agentId: string;
  showTests?: () => void;
}) {
  const identity = conversation.run;
  if (!identity) return null;
  return (
    <>
      <p className="text-xs text-slate-600">
        Run{' '}
        <span className="font-mono" data-volatile="id">
          {identity.runId}
        </span>{' '}
        · {identity.draft ? 'unsaved draft' : `version ${identity.versionNumber ?? 'from code'}`}
        {identity.label ? ` (${identity.label})` : ''} · {conversation.phase}
      </p>
      {conversation.phase === 'finished' ? (
        <SaveAsTestCase key={identity.runId} runId={identity.runId} agentId={agentId} onOpenTests={showTests} />
      ) : null}
    </>
  );
}

/** The "Version" choice: the latest saved version, the published one, and the unsaved draft while there is one. */
function VersionChoice({
  value,
  onChange,
  latestVersionNumber,
  activeVersionNumber,
  unsaved,
}: {
  value: PlaygroundVersion;
  onChange: (version: PlaygroundVersion) => void;
  latestVersionNumber: number;
  activeVersionNumber: number | null;
  unsaved: boolean;
}) {
  return (
    <SelectField label="Version" value={value} onChange={(event) => onChange(event.target.value as PlaygroundVersion)}>
      <option value="draft">Draft: latest saved (version {latestVersionNumber})</option>
      <option value="published" disabled={activeVersionNumber === null}>
        {activeVersionNumber === null ? 'Published: none yet' : `Published (version ${activeVersionNumber})`}
      </option>
      {unsaved ? <option value="unsaved">{unsavedDraftLabel}</option> : null}
    </SelectField>
  );
}

/**
 * Why the run failed; a refused unsaved draft lists its problems by field, and a provider without a
 * key is said in words, with where a key is saved.
 */
function RunError({
  error,
  model,
  admin,
}: {
  error: NonNullable<Conversation['error']>;
  model: string | undefined;
  admin: boolean;
}) {
  const problems = draftIssuesOf(error.issues);
  if (problems.length > 0) return <UnsavedDraftProblems issues={problems} />;
  return (
    <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-danger">
      {error.code === 'model_not_configured' && error.provider ? (
        <>
          The run could not start: the model {model} needs a key, and its provider ({providerLabel(error.provider)}) has
          none. <KeyAdvice admin={admin} />
        </>
      ) : (
        error.message
      )}
    </p>
  );
}

/** Where a missing provider key is saved: a link for admins, who to ask for everyone else. */
function KeyAdvice({ admin }: { admin: boolean }) {
  return admin ? (
    <Link href="/settings?tab=providers" className="font-medium underline">
      Save a key in Settings, Model providers
    </Link>
  ) : (
    <>Ask an admin to save one in Settings.</>
  );
}

/** Said before Send: the chosen version's model cannot run until its provider has a key. */
function MissingKey({
  model,
  keylessProviders,
  admin,
}: {
  model: string | undefined;
  keylessProviders: string[];
  admin: boolean;
}) {
  const provider = keylessProviderOf(model, keylessProviders);
  if (!provider) return null;
  return (
    <p role="status" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      The model {model} needs a key: its provider ({providerLabel(provider)}) has none, so a run would fail.{' '}
      <KeyAdvice admin={admin} />
    </p>
  );
}

type Item = Conversation['items'][number];

/** One turn: a tool call with its controls, or what a side said. */
function ConversationItem({
  item,
  busy,
  playground,
}: {
  item: Item;
  busy: boolean;
  playground: ReturnType<typeof usePlayground>;
}) {
  if (item.kind === 'tool')
    return (
      <ToolCallCard
        call={item.call}
        actions={{
          busy,
          onApprove: () => void playground.approve(item.call.toolCallId),
          onDecline: () => void playground.decline(item.call.toolCallId),
          onResume: (resumeData) => void playground.resume(item.call.toolCallId, resumeData),
        }}
      />
    );
  return <ChatMessage side={item.kind} text={item.text} />;
}
