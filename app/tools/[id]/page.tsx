import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { currentStudio } from '@/lib/studio-handle';
import { Card } from '../../_components/ui/card';
import { PropertyTable } from '../_runner/property-table';
import { ToolRunner } from '../_runner/tool-runner';
import { RecordPage } from '../../_components/record-page';
import { idParam } from '../../_server/id-param';
import { describeTool } from '../../_server/tool-catalogue';

export const dynamic = 'force-dynamic';

type Params = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  return { title: `Tool ${idParam((await params).id)}` };
}

const hints = [
  ['readOnlyHint', 'Read-only', 'does not change anything'],
  ['destructiveHint', 'Destructive', 'may delete or overwrite things'],
  ['idempotentHint', 'Idempotent', 'calling it again with the same input has no further effect'],
  ['openWorldHint', 'Open world', 'reaches things outside this system (the internet, other services)'],
] as const;

/**
 * A hint's value in words. MCP defaults `destructiveHint` to true, but it says nothing about a tool
 * that changes nothing: a read-only tool reads "no (read-only)" there rather than "yes (default)".
 */
function hintWords(tool: ReturnType<typeof describeTool>, key: (typeof hints)[number][0]): string {
  if (key === 'destructiveHint' && tool.effectiveAnnotations.readOnlyHint && !(key in tool.annotations))
    return 'no (read-only)';
  return `${tool.effectiveAnnotations[key] ? 'yes' : 'no'}${key in tool.annotations ? '' : ' (default)'}`;
}

export default async function ToolPage({ params }: Params) {
  const id = idParam((await params).id);
  const registered = currentStudio().tools.get(id);
  if (!registered) notFound();
  const tool = describeTool(registered);
  return (
    <RecordPage listHref="/tools" list="Tools" id={tool.id} title={tool.id} monoTitle>
      <p className="text-slate-700">{tool.description}</p>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <h2 className="mb-2 font-semibold">Annotations</h2>
          <p className="mb-2 text-sm text-slate-700">
            What the tool tells MCP clients and models about itself. A hint the tool does not declare takes the MCP
            default, marked &ldquo;default&rdquo;.
          </p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            {tool.effectiveAnnotations.title ? (
              <>
                <dt className="font-medium">Title</dt>
                <dd>{tool.effectiveAnnotations.title}</dd>
              </>
            ) : null}
            {hints.map(([key, label, meaning]) => (
              <div key={key} className="contents">
                <dt className="font-medium">{label}</dt>
                <dd>
                  {hintWords(tool, key)} <span className="text-slate-600">· {meaning}</span>
                </dd>
              </div>
            ))}
            <dt className="font-medium">Needs approval</dt>
            <dd>
              {tool.requireApproval === 'conditional' ? 'for some inputs' : tool.requireApproval ? 'yes' : 'no'}
              <span className="text-slate-600"> · a run pauses until a person approves the call</span>
            </dd>
          </dl>
        </Card>
        <Card>
          <h2 className="mb-2 font-semibold">Output</h2>
          {tool.outputSchema ? (
            <PropertyTable schema={tool.outputSchema} label={`Output of ${tool.id}`} />
          ) : (
            <p className="text-sm text-slate-700">The tool declares no output schema: its result is any JSON value.</p>
          )}
        </Card>
      </div>
      <Card>
        <h2 className="mb-2 font-semibold">Input</h2>
        <PropertyTable schema={tool.inputSchema} label={`Input of ${tool.id}`} />
        <details className="mt-2 text-sm">
          <summary>Input schema as JSON</summary>
          <pre className="mt-2 overflow-x-auto rounded bg-slate-50 p-2 font-mono text-xs">
            {JSON.stringify(tool.inputSchema, null, 2)}
          </pre>
        </details>
      </Card>
      {tool.executable ? (
        <ToolRunner
          toolId={tool.id}
          inputSchema={tool.inputSchema}
          requestContextSchema={tool.requestContextSchema ?? undefined}
        />
      ) : (
        <p className="text-sm text-slate-700">
          This is a client tool: the calling application runs it, so it cannot be run here.
        </p>
      )}
    </RecordPage>
  );
}
