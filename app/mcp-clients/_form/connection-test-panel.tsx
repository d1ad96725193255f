'use client';
/**
 * Test connection: connects every server now and shows its tools and latency, or its error and the
 * tail of a failed stdio server's stderr. The saved version when the form has no changes; the form's
 * servers as they stand (not saved) before the first save or with unsaved changes.
 */
import { useState } from 'react';
import { usePermissions } from '../../_components/permissions';
import { Button } from '../../_components/ui/button';
import { Note, Panel } from '../../_components/ui/card';
import { callOperation, type OperationBody } from '../../_lib/api-fetch';
import type { ConnectionTest } from './connection-test';

function testRequest({
  clientId,
  dirty,
  draftServers,
}: {
  clientId?: string;
  dirty: boolean;
  draftServers: () => unknown;
}) {
  if (clientId !== undefined && !dirty) return callOperation('testMcpClient', { params: { id: clientId } });
  return callOperation('testMcpClientDraft', {
    body: { servers: draftServers() as OperationBody<'testMcpClientDraft'>['servers'] },
  });
}

export function ConnectionTestPanel({
  clientId,
  versionNumber,
  dirty,
  draftServers,
  result,
  onResult,
  announce,
}: {
  /** Absent before the first save. */
  clientId?: string;
  versionNumber?: number;
  dirty: boolean;
  /** The servers of the form as they stand, as a create body has them. */
  draftServers: () => unknown;
  result: ConnectionTest | null;
  onResult: (result: ConnectionTest) => void;
  announce: (text: string) => void;
}) {
  const [busy, setBusy] = useState(false);
  const { edit } = usePermissions();
  async function run() {
    setBusy(true);
    announce('Connecting to every server…');
    const answer = await testRequest({ clientId, dirty, draftServers });
    setBusy(false);
    if (!answer.ok) return announce(`Could not test: ${answer.message}`);
    onResult(answer.value);
    const failed = Object.values(answer.value.servers).filter((server) => !server.ok).length;
    announce(
      failed === 0 ? 'Connection test passed: every server answered.' : `Connection test: ${failed} server(s) failed.`,
    );
  }
  return (
    <Panel headingId="connection-test-heading" title="Connection test">
      <p className="text-sm text-slate-700">
        {versionNumber !== undefined && !dirty
          ? `Connects every server of the saved version ${versionNumber} now, on fresh connections, and lists its tools.`
          : 'Connects every server as the form has it now (nothing is saved), on fresh connections, and lists its tools.'}
      </p>
      {/* Connecting starts the servers' commands: for roles that may change clients. */}
      {edit ? (
        <div>
          <Button onClick={() => void run()} disabled={busy}>
            Test connection
          </Button>
        </div>
      ) : null}
      {result ? (
        <p className="text-sm text-slate-700">
          {result.versionNumber === undefined
            ? 'The unsaved servers were tested.'
            : `Version ${result.versionNumber} was tested.`}
        </p>
      ) : null}
      {result ? (
        <ul aria-label="Servers tested" className="flex flex-col gap-2">
          {Object.entries(result.servers).map(([server, outcome]) => (
            <li key={server} className="rounded-md border border-slate-200 p-3 text-sm">
              <p className="font-semibold">
                Server {server}:{' '}
                {outcome.ok ? (
                  <>
                    connected in <span data-volatile="duration">{Math.round(outcome.latencyMs)} ms</span>,{' '}
                    {outcome.tools.length} {outcome.tools.length === 1 ? 'tool' : 'tools'}
                  </>
                ) : (
                  'failed'
                )}
              </p>
              {outcome.ok ? (
                <p className="font-mono text-xs text-slate-700">
                  {outcome.tools.map((tool) => tool.name).join(', ') || 'no tools'}
                </p>
              ) : (
                <Note tone="warning">{outcome.error}</Note>
              )}
              {outcome.stderr ? (
                <pre
                  aria-label={`Error output of server ${server}`}
                  className="mt-2 max-h-48 overflow-auto rounded bg-slate-900 p-2 text-xs whitespace-pre-wrap text-slate-100"
                >
                  {outcome.stderr}
                </pre>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </Panel>
  );
}
