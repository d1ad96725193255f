'use client';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import type { CodeOnlyAgent } from '@/lib/editor';
import { createAgent } from '../../actions';
import { StatusBadge } from '../../../_components/status-badge';
import { Button } from '../../../_components/ui/button';
import { Card, Note } from '../../../_components/ui/card';

/** A code agent the editor has not changed yet: what code defines, and a way to start overriding it. */
export function CodeOnlyAgentView({ codeOnly, editable }: { codeOnly: CodeOnlyAgent; editable: boolean }) {
  const router = useRouter();
  const [status, setStatus] = useState('');
  const { code, agent } = codeOnly;
  async function customise() {
    setStatus('Creating the override record…');
    const result = await createAgent({ id: agent.id });
    if (!result.ok) return setStatus(`Not created: ${result.error.message}`);
    setStatus('Override record created.');
    router.refresh();
  }
  return (
    <section aria-labelledby="agent-heading" className="flex flex-col gap-4">
      <h1 id="agent-heading" className="text-2xl font-semibold">
        {code.name}
      </h1>
      <StatusBadge status="code_only" hasUnpublishedChanges={false} />
      <Card className="flex flex-col gap-2 text-sm">
        <p>
          <strong>Model:</strong> {code.model ?? 'a model object set in code'}
        </p>
        <p>
          <strong>Tools:</strong> {code.tools.length ? code.tools.join(', ') : 'none'}
        </p>
        <div>
          <strong>Instructions:</strong>
          <pre className="mt-1 whitespace-pre-wrap rounded bg-slate-50 p-2 font-mono text-xs">
            {typeof code.instructions === 'string' ? code.instructions : JSON.stringify(code.instructions, null, 2)}
          </pre>
        </div>
      </Card>
      {editable ? (
        <div className="flex items-center gap-3">
          <Button variant="primary" onClick={customise}>
            Customise in the editor
          </Button>
          <p role="status" className="text-sm">
            {status}
          </p>
        </div>
      ) : (
        <Note>This agent is defined in code with editor: false, so the editor cannot change it.</Note>
      )}
    </section>
  );
}
