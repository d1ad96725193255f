'use client';
/**
 * Changes between two versions in words (what Compare and the Publish dialog's "What goes live"
 * both show): texts as a word diff with real line breaks, names added and removed, rules and
 * settings as sentences; the raw JSON of each field behind a toggle.
 */
import { useId, useState } from 'react';
import type { FieldDiff, FieldChangeSummary, ResolvedToolsDiff, TextPart } from '@/lib/versions';
import { Button } from '../../../_components/ui/button';

const names = (list: string[]) => list.join(', ');
const raw = (value: unknown) => (value === undefined || value === null ? '(not set)' : JSON.stringify(value, null, 2));

export function WordDiff({ parts }: { parts: TextPart[] }) {
  return (
    <p className="whitespace-pre-wrap rounded bg-slate-50 p-2 leading-relaxed">
      {parts.map((part, index) =>
        part.added ? (
          <ins key={index} className="bg-green-100 text-green-900 no-underline">
            <span className="sr-only">[added: </span>
            {part.value}
            <span className="sr-only">]</span>
          </ins>
        ) : part.removed ? (
          <del key={index} className="bg-red-100 text-red-900">
            <span className="sr-only">[removed: </span>
            {part.value}
            <span className="sr-only">]</span>
          </del>
        ) : (
          <span key={index}>{part.value}</span>
        ),
      )}
    </p>
  );
}

function Sentences({ title, items }: { title: string; items: string[] }) {
  if (items.length === 0) return null;
  return (
    <div>
      <p className="font-medium">{title}</p>
      <ul className="list-disc pl-5">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </div>
  );
}

function FieldChange({ change }: { change: FieldChangeSummary }) {
  const nothingListed =
    !change.text && !change.added.length && !change.removed.length && !change.before.length && !change.after.length;
  return (
    <li className="flex flex-col gap-1 rounded-md border border-slate-200 p-2">
      <h4 className="font-semibold">{change.label}</h4>
      {change.text ? <WordDiff parts={change.text} /> : null}
      {change.added.length ? <p>Added: {names(change.added)}</p> : null}
      {change.removed.length ? <p>Removed: {names(change.removed)}</p> : null}
      <Sentences title="Before:" items={change.before} />
      <Sentences title="Now:" items={change.after} />
      {nothingListed ? <p>Changed in its details (see the raw JSON).</p> : null}
    </li>
  );
}

/** The tools the model gets, resolved for one request context. */
export function ResolvedToolChanges({ tools, context }: { tools: ResolvedToolsDiff; context: string }) {
  const changed = tools.changed.map((tool) => `${tool.name} (${tool.changes.join(', ')})`).join('; ');
  return (
    <div>
      <h4 className="font-semibold">Tools the model gets {context}</h4>
      <ul className="list-disc pl-5">
        <li>Added: {tools.added.length ? names(tools.added) : 'none'}</li>
        <li>Removed: {tools.removed.length ? names(tools.removed) : 'none'}</li>
        <li>Changed: {changed || 'none'}</li>
      </ul>
    </div>
  );
}

export function VersionChanges({
  between: { changes, diffs, tools },
  toolsContext = 'for this request context',
  empty = 'No field changes.',
}: {
  /** What changed between two versions, as a comparison or a publish preview gives it. */
  between: {
    changes: FieldChangeSummary[];
    /** The raw field diffs, shown as JSON on request. */
    diffs?: FieldDiff[];
    tools?: ResolvedToolsDiff;
  };
  toolsContext?: string;
  /** What to say when no field changed. */
  empty?: string;
}) {
  const [showRaw, setShowRaw] = useState(false);
  const rawId = useId();
  return (
    <div className="flex flex-col gap-3 text-sm">
      {changes.length === 0 ? <p>{empty}</p> : null}
      <ul className="flex flex-col gap-2">
        {changes.map((change) => (
          <FieldChange key={change.field} change={change} />
        ))}
      </ul>
      {tools ? <ResolvedToolChanges tools={tools} context={toolsContext} /> : null}
      {diffs && diffs.length ? (
        <div className="flex flex-col gap-2">
          <div>
            <Button size="sm" aria-expanded={showRaw} aria-controls={rawId} onClick={() => setShowRaw(!showRaw)}>
              {showRaw ? 'Hide raw JSON' : 'Show raw JSON'}
            </Button>
          </div>
          <dl id={rawId} hidden={!showRaw} className="flex flex-col gap-2">
            {diffs.map((change) => (
              <div key={change.field} className="rounded-md border border-slate-200 p-2">
                <dt className="font-mono font-semibold">{change.field}</dt>
                <dd className="grid gap-2 md:grid-cols-2">
                  <pre className="overflow-x-auto whitespace-pre-wrap rounded bg-red-50 p-2 font-mono text-xs">
                    {raw(change.previous)}
                  </pre>
                  <pre className="overflow-x-auto whitespace-pre-wrap rounded bg-green-50 p-2 font-mono text-xs">
                    {raw(change.current)}
                  </pre>
                </dd>
              </div>
            ))}
          </dl>
        </div>
      ) : null}
    </div>
  );
}
