'use client';
/**
 * Any version, read-only, in the words Compare and the Publish dialog use: texts as they are, the
 * names a field lists, rules and settings as sentences; the whole version as JSON behind a toggle.
 */
import { useState } from 'react';
import { agentFieldLabels } from '@/lib/snapshots';
import { summarizeChanges } from '@/lib/versions';
import { Time } from '../../../_components/format';
import { Button } from '../../../_components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '../../../_components/ui/dialog';
import { actorWords } from '../../../_lib/actor-words';
import { useActionValue } from '../../../_lib/use-action-value';
import { readVersion } from '../../actions';

const shownFields = Object.keys(agentFieldLabels) as Array<keyof typeof agentFieldLabels>;

/** One field of the version in words: what it holds, as a change from nothing would list it. */
function FieldInWords({ field, value }: { field: string; value: unknown }) {
  const [summary] = summarizeChanges([{ field, previous: null, current: value }]);
  if (!summary) return null;
  return (
    <div>
      <dt className="font-semibold">{summary.label}</dt>
      <dd className="flex flex-col gap-1">
        {summary.text ? (
          <p className="whitespace-pre-wrap rounded bg-slate-50 p-2">
            {summary.text.map((part) => part.value).join('')}
          </p>
        ) : null}
        {summary.added.length ? <p>{summary.added.join(', ')}</p> : null}
        {summary.after.length ? (
          <ul className="list-disc pl-5">
            {summary.after.map((sentence) => (
              <li key={sentence}>{sentence}</li>
            ))}
          </ul>
        ) : null}
      </dd>
    </div>
  );
}

export function VersionViewDialog({
  agentId,
  versionNumber,
  onClose,
}: {
  agentId: string;
  versionNumber: number | null;
  onClose: () => void;
}) {
  const [showJson, setShowJson] = useState(false);
  const { value: version, error } = useActionValue(
    readVersion,
    versionNumber === null ? null : { id: agentId, versionNumber },
  );

  return (
    <Dialog open={versionNumber !== null} onOpenChange={(open) => (open ? null : onClose())}>
      {versionNumber !== null ? (
        <DialogContent title={`Version ${versionNumber} (read-only)`}>
          {error ? <p className="text-danger">{error}</p> : null}
          {!version && !error ? <p>Loading…</p> : null}
          {version ? (
            <div className="flex flex-col gap-3 text-sm">
              <dl className="flex flex-col gap-2">
                <div>
                  <dt className="font-semibold">Saved</dt>
                  <dd>
                    <Time iso={version.createdAt} /> by {version.authorId ? actorWords(version.authorId) : 'someone'}:{' '}
                    {version.changeMessage ?? 'no message'}
                  </dd>
                </div>
                {shownFields
                  .filter((field) => version[field] !== undefined && version[field] !== null)
                  .map((field) => (
                    <FieldInWords key={field} field={field} value={version[field]} />
                  ))}
              </dl>
              <div>
                <Button size="sm" aria-expanded={showJson} onClick={() => setShowJson(!showJson)}>
                  {showJson ? 'Hide JSON' : 'Show as JSON'}
                </Button>
              </div>
              {showJson ? (
                <pre className="overflow-x-auto whitespace-pre-wrap rounded bg-slate-50 p-2 font-mono text-xs">
                  {JSON.stringify(Object.fromEntries(shownFields.map((field) => [field, version[field]])), null, 2)}
                </pre>
              ) : null}
            </div>
          ) : null}
          <DialogFooter dismiss="Close" className="mt-3" />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
