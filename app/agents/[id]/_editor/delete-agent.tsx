'use client';
/**
 * Deleting an agent, confirmed in an alert dialog that says what stops working: the published
 * version stops answering, its labels stop resolving, its versions go; its runs stay in the run
 * history (they are not deleted with it). Then the agents list, which says it was deleted.
 */
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '../../../_components/ui/button';
import { AlertDialog, AlertDialogContent, AlertDialogFooter } from '../../../_components/ui/dialog';
import { useActionValue } from '../../../_lib/use-action-value';
import { deleteAgent, deletionFacts } from '../../actions';

type Facts = { activeVersionNumber: number | null; labels: string[]; runCount: number; moreRuns: boolean };

const quotedList = (items: string[]) =>
  items.length === 1
    ? `"${items[0]}"`
    : `${items
        .slice(0, -1)
        .map((item) => `"${item}"`)
        .join(', ')} and "${items.at(-1)}"`;

function runsText({ runCount, moreRuns }: Facts) {
  if (runCount === 0) return 'It has no runs. Runs are not deleted with an agent: they stay in the run history.';
  const count = moreRuns ? `More than ${runCount} runs` : runCount === 1 ? 'Its one run' : `Its ${runCount} runs`;
  return `${count} stay in the run history: deleting the agent does not delete them.`;
}

function Consequences({ name, facts, error }: { name: string; facts: Facts | null; error: string | null }) {
  const custom = facts?.labels.filter((label) => label !== 'production' && label !== 'latest') ?? [];
  return (
    <div className="flex flex-col gap-2">
      <p>Deleting {name} removes the agent and every version of it. This cannot be undone. What stops working:</p>
      {error ? <p className="text-danger">Could not read what the agent is used for: {error}</p> : null}
      {!facts && !error ? <p>Reading what the agent is used for…</p> : null}
      {facts ? (
        <ul className="list-disc pl-5">
          <li>
            {facts.activeVersionNumber === null
              ? 'Nothing is published, so no application gets answers from it now; any that asks gets "not found".'
              : `Version ${facts.activeVersionNumber} is published: applications that call this agent get "not found" instead of answers.`}
          </li>
          {custom.length ? (
            <li>
              {custom.length === 1 ? 'Label' : 'Labels'} {quotedList(custom)} {custom.length === 1 ? 'stops' : 'stop'}{' '}
              resolving.
            </li>
          ) : null}
          <li>
            Agents that call it as a sub-agent lose it, and their versions that name it can no longer be published.
          </li>
          <li>{runsText(facts)}</li>
        </ul>
      ) : null}
    </div>
  );
}

export function DeleteAgent({ agentId, name }: { agentId: string; name: string }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const { value: facts, error } = useActionValue(deletionFacts, open ? { id: agentId } : null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);

  async function confirm() {
    setDeleting(true);
    const result = await deleteAgent({ id: agentId });
    setDeleting(false);
    if (!result.ok) return setRefusal(`Not deleted: ${result.error.message}`);
    setOpen(false);
    router.push(`/?deleted=${encodeURIComponent(agentId)}`);
  }

  return (
    <div className="mt-4 border-t border-slate-200 pt-4">
      <Button
        variant="danger"
        onClick={() => {
          setRefusal(null);
          setOpen(true);
        }}
      >
        Delete agent
      </Button>
      <AlertDialog open={open} onOpenChange={setOpen}>
        {open ? (
          <AlertDialogContent
            title={`Delete ${name}?`}
            description={<Consequences name={name} facts={facts} error={refusal ?? error} />}
          >
            <AlertDialogFooter>
              <Button variant="danger" disabled={deleting} onClick={() => void confirm()}>
                Delete agent
              </Button>
            </AlertDialogFooter>
          </AlertDialogContent>
        ) : null}
      </AlertDialog>
    </div>
  );
}
