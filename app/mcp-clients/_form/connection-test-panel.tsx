'use client';
/** Test connection: connects every server of the saved version now and shows its tools and latency, or its error. */
import { useState } from 'react';
import { usePermissions } from '../../_components/permissions';
import { Button } from '../../_components/ui/button';
import { Note, Panel } from '../../_components/ui/card';
import { postOperation } from '../../_lib/api-fetch';
import type { ConnectionTest } from './connection-test';

export function ConnectionTestPanel({
  clientId,
  versionNumber,
  dirty,
  result,
  onResult,
  announce,
}: {
  clientId: string;
  versionNumber: number;
  dirty: boolean;
  result: ConnectionTest | null;
  onResult: (result: ConnectionTest) => void;
  announce: (text: string) => void;
}) {
  const [busy, setBusy] = useState(false);
  const { edit } = usePermissions();
  async function run() {
    setBusy(true);
    announce('Connecting to every server…');
    const answer = await postOperation<'testMcpClient'>(`/api/mcp-clients/${encodeURIComponent(clientId)}/test`, {});
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
        Connects every server of the saved version {versionNumber} now, on fresh connections, and lists its tools.
        {dirty ? ' You have unsaved changes: save them to test them.' : ''}
      </p>
      {/* Connecting starts the servers' commands: for roles that may change clients. */}
      {edit ? (
        <div>
          <Button onClick={() => void run()} disabled={busy}>
            Test connection
          </Button>
        </div>
      ) : null}
      {result ? <p className="text-sm text-slate-700">Version {result.versionNumber} was tested.</p> : null}
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
            </li>
          ))}
        </ul>
      ) : null}
    </Panel>
  );
}
