'use client';
/**
 * A client whose stdio servers arrived by import waits for an admin: the badge says so, and Approve
 * opens a dialog with exactly what would run (command, arguments, env names; never env values)
 * before anything starts. Other roles see the badge only.
 */
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import type { McpClientVersionView } from '@/lib/editor';
import { usePermissions } from '../../_components/permissions';
import { Button } from '../../_components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '../../_components/ui/dialog';
import { approveMcpClient } from '../actions';

/** "Needs approval": shown wherever the client is named. */
export function ApprovalBadge() {
  return (
    <span className="inline-block rounded-full border border-amber-300 bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900">
      Needs approval
    </span>
  );
}

function stdioLaunches(version: McpClientVersionView) {
  return Object.entries(version.servers).flatMap(([server, config]) =>
    config.type === 'stdio'
      ? [{ server, command: config.command, args: config.args ?? [], envNames: Object.keys(config.env ?? {}).sort() }]
      : [],
  );
}

function LaunchList({ version }: { version: McpClientVersionView }) {
  return (
    <ul aria-label="Commands to approve" className="flex flex-col gap-3">
      {stdioLaunches(version).map((launch) => (
        <li key={launch.server} className="rounded-md border border-slate-200 p-3 text-sm">
          <p className="font-semibold">Server {launch.server}</p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
            <dt>Command</dt>
            <dd className="font-mono break-all">{launch.command}</dd>
            <dt>Arguments</dt>
            <dd className="font-mono break-all">
              {launch.args.length ? launch.args.map((arg) => JSON.stringify(arg)).join(' ') : 'none'}
            </dd>
            <dt>Env names</dt>
            <dd className="font-mono break-all">{launch.envNames.join(', ') || 'none'}</dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}

export function ApprovalPanel({
  version,
  announce,
}: {
  version: McpClientVersionView;
  announce: (text: string) => void;
}) {
  const router = useRouter();
  const { administer } = usePermissions();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  async function approve() {
    setBusy(true);
    const result = await approveMcpClient({ id: version.clientId });
    setBusy(false);
    if (!result.ok) return announce(`Not approved: ${result.error.message}`);
    setOpen(false);
    announce('Approved: its stdio servers may start now.');
    router.refresh();
  }
  return (
    <div className="flex flex-wrap items-center gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      <ApprovalBadge />
      This client was imported with servers that run commands on this machine. Nothing starts until an admin approves
      them.
      {administer ? (
        <Dialog open={open} onOpenChange={setOpen}>
          <Button size="sm" onClick={() => setOpen(true)}>
            Approve
          </Button>
          <DialogContent
            title="Approve stdio servers"
            description="Once approved, these commands run on this machine whenever an agent uses this client."
          >
            <LaunchList version={version} />
            <DialogFooter className="mt-4">
              <Button variant="primary" disabled={busy} onClick={() => void approve()}>
                Approve
              </Button>
            </DialogFooter>
          </DialogContent>
        </Dialog>
      ) : null}
    </div>
  );
}
