'use client';
import { agentFieldLabels } from '@/lib/snapshots';
import { useState } from 'react';
import type { Instructions } from '@/lib/snapshots';
import type { OperationOutput } from '@/lib/client';
import type { Explanation, ToolExplanation } from '@/lib/resolver';
import { evaluateRules } from '@/lib/rules';
import { variantInWords } from '@/lib/versions';
import { Button } from '../../../_components/ui/button';
import { Card, Note } from '../../../_components/ui/card';
import { callOperation, type InputIssue } from '../../../_lib/api-fetch';
import { useContextJson } from '../../../_components/context-form';
import type { VersionView } from '@/lib/editor';
import { ContextInput } from './context-input';
import type { SavedTabProps } from './tab-props';
import { draftIssuesOf, PreviewVersionChoice, UnsavedDraftProblems, unsavedDraftLabel } from './unsaved-draft';

/** The API's answer; its schema leaves the explanation open, the resolver's type says what it holds. */
type Resolution = Omit<OperationOutput<'resolveAgent'>, 'explanation'> & { explanation: Explanation };

/** What Preview resolved, with the request context and the fields (prompt blocks' rules, variants' names) it used. */
interface Resolved {
  resolution: Resolution;
  context: Record<string, unknown>;
  fields: { instructions?: Instructions | undefined };
}

const sourceNames: Record<string, string> = {
  code: 'code',
  registry: 'registered tool',
  mcp: 'MCP',
  integration: 'integration',
  provider: 'provider',
  agent: 'sub-agent',
  workflow: 'workflow',
};

/** How a variant of a field (or a prompt block of the instructions) is named: its name, else its place. */
type VariantName = (field: string, index: number) => string;

/** The names of the variants of `fields` (a saved version or the draft), as the Conditions tab shows them. */
export function variantNamesOf(fields: object): VariantName {
  return (field, index) => {
    const value: unknown = (fields as Record<string, unknown>)[field];
    return variantInWords(Array.isArray(value) ? value[index] : undefined, index);
  };
}

/** Why a tool is in the set, in words: the field (and variant) that brought it, whose description, what it replaced. */
export function whyIncluded(explanation: ToolExplanation | undefined, variantName: VariantName): string {
  if (!explanation) return '';
  const parts = (explanation.includedBy ?? []).map((by) =>
    by.variantIndex === null || by.variantIndex === undefined
      ? `selected in ${by.field}`
      : `selected in ${by.field}, ${variantName(by.field, by.variantIndex)}`,
  );
  if (parts.length === 0) parts.push('defined in code');
  if (explanation.description === 'agent') parts.push('description reworded for this agent');
  if (explanation.description === 'server') parts.push('description from the server allow-list');
  for (const shadowed of explanation.shadowed ?? [])
    parts.push(`replaces the ${sourceNames[shadowed.source] ?? shadowed.source} tool of the same name`);
  return parts.join('; ');
}

const fieldNames: Record<string, string> = agentFieldLabels;

const variantList = (field: string, indices: number[], variantName: VariantName) =>
  indices.map((index) => variantName(field, index)).join(', ');

/**
 * Which variants matched, per conditional field (from the resolution's explanation), and which
 * prompt blocks with a condition were included (the same rules, evaluated here for the saved
 * version or the unsaved draft Preview resolved).
 */
export function matchedVariants({
  resolution,
  instructions,
  requestContext,
  variantName,
}: {
  resolution: Resolution;
  instructions: Instructions | undefined;
  requestContext: Record<string, unknown>;
  variantName: VariantName;
}): string[] {
  const lines: string[] = [];
  for (const [field, explained] of Object.entries(resolution.explanation.fields ?? {})) {
    if (!explained?.conditional) continue;
    const name = fieldNames[field] ?? field;
    lines.push(
      explained.matched.length
        ? `${name}: ${variantList(field, explained.matched, variantName)} matched`
        : `${name}: no variant matched, so the field is empty`,
    );
  }
  if (Array.isArray(instructions) && instructions.some((block) => block.type === 'prompt_block' && block.rules)) {
    const included = instructions.flatMap((block, index) =>
      block.type === 'text' || evaluateRules({ rules: block.rules, context: requestContext }) ? [index] : [],
    );
    lines.push(
      included.length
        ? `Instructions: ${variantList('instructions', included, variantName)} included`
        : 'Instructions: no block included',
    );
  }
  return lines;
}

export function PreviewTab({
  agentId,
  latestVersionNumber,
  version,
  dirty,
  unsavedDraft,
  draftValues,
  announce,
}: Pick<SavedTabProps, 'agentId' | 'latestVersionNumber' | 'dirty' | 'unsavedDraft' | 'draftValues' | 'announce'> & {
  /** The latest saved version (what Preview resolves): its fields get a control, its rules are checked. */
  version: VersionView;
}) {
  const [choice, setChoice] = useState<'saved' | 'unsaved'>('saved');
  // Once the changes are saved or discarded there is no draft left to choose.
  const chosen = unsavedDraft && choice === 'unsaved' ? 'unsaved' : 'saved';
  const fields = chosen === 'unsaved' ? draftValues : version;
  const requestContext = useContextJson();
  const [resolved, setResolved] = useState<Resolved | null>(null);
  const [problems, setProblems] = useState<InputIssue[]>([]);
  const [busy, setBusy] = useState(false);

  async function resolve() {
    const context = requestContext.read();
    if (!context) {
      announce(`Could not resolve: ${requestContext.error}`);
      return;
    }
    setBusy(true);
    announce('Resolving…');
    const result = await callOperation('resolveAgent', {
      params: { id: agentId },
      body: {
        requestContext: context,
        ...(chosen === 'unsaved' && unsavedDraft ? { draft: unsavedDraft } : { selector: { status: 'draft' } }),
      },
    });
    setBusy(false);
    const problems = result.ok ? [] : draftIssuesOf(result.issues);
    setProblems(problems);
    if (!result.ok) {
      announce(
        problems.length > 0
          ? 'Could not resolve: the unsaved draft has problems, listed below.'
          : `Could not resolve: ${result.message}`,
      );
      return;
    }
    const resolution = result.value as Resolution;
    setResolved({ resolution, context, fields });
    announce(`Resolved ${resolution.tools.length} ${resolution.tools.length === 1 ? 'tool' : 'tools'}`);
  }

  // A saved version's variants are read from the version the editor holds, once it is the one
  // resolved (right after a save, the resolve can answer before the editor has the new version).
  const resolvedFields = resolved?.resolution.draft ? resolved.fields : version;
  const variantName = variantNamesOf(resolvedFields);
  const matched =
    resolved && (resolved.resolution.draft || resolved.resolution.versionNumber === version.versionNumber)
      ? matchedVariants({
          resolution: resolved.resolution,
          instructions: resolvedFields.instructions,
          requestContext: resolved.context,
          variantName,
        })
      : [];

  return (
    <div className="flex flex-col gap-4">
      <Note>
        Preview resolves a version for a request context: the instructions and tools a model would get, and why.
        {dirty ? ` You have unsaved changes: choose "${unsavedDraftLabel}" to preview them without saving.` : ''}
      </Note>
      <PreviewVersionChoice
        latestVersionNumber={latestVersionNumber}
        unsaved={unsavedDraft !== null}
        value={chosen}
        onChange={setChoice}
      />
      <ContextInput
        requestContext={requestContext}
        schema={fields.requestContextSchema}
        versions={[fields]}
        rows={6}
        className="max-w-3xl"
      />
      <div>
        <Button variant="primary" onClick={resolve} disabled={busy}>
          Resolve
        </Button>
      </div>
      {problems.length > 0 ? <UnsavedDraftProblems issues={problems} /> : null}
      {resolved ? (
        <ResolutionView resolution={resolved.resolution} matched={matched} variantName={variantName} />
      ) : null}
    </div>
  );
}

/** What Preview resolved: version, model and hash, the matched variants, warnings, the tools with why, the instructions. */
function ResolutionView({
  resolution,
  matched,
  variantName,
}: {
  resolution: Resolution;
  matched: string[];
  variantName: VariantName;
}) {
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm">
        {resolution.draft ? unsavedDraftLabel : `Version ${resolution.versionNumber ?? 'from code'}`} · model{' '}
        <span className="font-mono">{resolution.model}</span> · resolved-tools hash{' '}
        <span className="break-all font-mono text-xs">{resolution.resolvedToolsHash}</span>
      </p>
      {matched.length > 0 ? (
        <Card>
          <h3 className="mb-2 font-semibold">Conditions</h3>
          <ul aria-label="Matched variants" className="flex list-disc flex-col gap-1 pl-5 text-sm">
            {matched.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </Card>
      ) : null}
      {resolution.warnings.length > 0 ? (
        <Card>
          <h3 id="warnings-heading" className="mb-2 font-semibold">
            Warnings
          </h3>
          <ul aria-label="Warnings" className="flex list-disc flex-col gap-1 pl-5 text-sm">
            {resolution.warnings.map((warning, index) => (
              <li key={index}>{warning.message}</li>
            ))}
          </ul>
        </Card>
      ) : null}
      <Card>
        <h3 className="mb-2 font-semibold">Resolved tools</h3>
        {resolution.tools.length === 0 ? <p className="text-sm">No tools for this request context.</p> : null}
        <ul aria-label="Resolved tools" className="flex flex-col gap-2">
          {resolution.tools.map((tool) => (
            <li key={tool.name} className="rounded-md border border-slate-200 p-2 text-sm">
              <span className="font-mono font-semibold">{tool.name}</span>{' '}
              <span className="rounded bg-slate-100 px-1.5 text-xs">{sourceNames[tool.source] ?? tool.source}</span>
              <p className="text-slate-700">{tool.description}</p>
              <p className="text-xs text-slate-600">
                Why: {whyIncluded(resolution.explanation.tools[tool.name], variantName)}
              </p>
              <p className="text-xs text-slate-600">
                Approval: {resolution.explanation.tools[tool.name]?.approval?.summary ?? 'no policy in this version'}
              </p>
            </li>
          ))}
        </ul>
      </Card>
      <section aria-labelledby="instructions-heading" className="rounded-lg border border-slate-200 bg-white p-4">
        <h3 id="instructions-heading" className="mb-2 font-semibold">
          Instructions
        </h3>
        <pre className="whitespace-pre-wrap font-mono text-sm">{resolution.instructions}</pre>
      </section>
    </div>
  );
}
