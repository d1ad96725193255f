'use client';
import { Dialog, DialogContent, DialogFooter } from '../../../_components/ui/dialog';
import { useActionValue } from '../../../_lib/use-action-value';
import { readVersion } from '../../actions';
import { actorWords } from '../../../_lib/actor-words';

const shownFields = [
  'name',
  'description',
  'model',
  'instructions',
  'tools',
  'mcpClients',
  'integrationTools',
  'toolProviders',
  'requestContextSchema',
  'defaultOptions',
] as const;

/** Any version, read-only. */
export function VersionViewDialog({
  agentId,
  versionNumber,
  onClose,
}: {
  agentId: string;
  versionNumber: number | null;
  onClose: () => void;
}) {
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
            <dl className="flex flex-col gap-2 text-sm">
              <div>
                <dt className="font-semibold">Saved</dt>
                <dd>
                  {version.createdAt} by {version.authorId ? actorWords(version.authorId) : 'someone'}:{' '}
                  {version.changeMessage ?? 'no message'}
                </dd>
              </div>
              {shownFields
                .filter((field) => version[field] !== undefined)
                .map((field) => (
                  <div key={field}>
                    <dt className="font-semibold">{field}</dt>
                    <dd>
                      <pre className="overflow-x-auto whitespace-pre-wrap rounded bg-slate-50 p-2 font-mono text-xs">
                        {typeof version[field] === 'string' ? version[field] : JSON.stringify(version[field], null, 2)}
                      </pre>
                    </dd>
                  </div>
                ))}
            </dl>
          ) : null}
          <DialogFooter dismiss="Close" className="mt-3" />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
