'use client';
/**
 * "Use in your app": a button in the editor's header and the region it opens, with curl and
 * TypeScript examples that resolve and run this agent (its id, the label to load, an example
 * request context) and the runtime API key as a placeholder.
 */
import { useId, useMemo, useState, type ReactNode } from 'react';
import { apiKeyVariable, appExamples, exampleLabel, exampleRequestContext } from '@/lib/app-examples';
import { Button } from '../../../_components/ui/button';
import { Card } from '../../../_components/ui/card';
import type { EditorData } from './types';

function Snippet({ title, name, text }: { title: string; name: string; text: string }) {
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const headingId = useId();
  const copy = () =>
    void navigator.clipboard.writeText(text).then(
      () => setCopied('yes'),
      () => setCopied('no'),
    );
  return (
    <figure aria-labelledby={headingId} className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="font-semibold">
          {title}
        </h3>
        <Button size="sm" onClick={copy}>
          Copy {name} example
        </Button>
      </div>
      {/* Focusable, so a keyboard can scroll a long line into view. */}
      <pre tabIndex={0} className="overflow-x-auto rounded-md bg-slate-900 p-3 text-sm leading-relaxed text-slate-50">
        <code>{text}</code>
      </pre>
      <p role="status" className="min-h-5 text-sm text-slate-700">
        {copied === 'yes' ? `Copied the ${name} example.` : null}
        {copied === 'no' ? 'The browser did not allow copying: select the text and copy it yourself.' : null}
      </p>
    </figure>
  );
}

function UseInYourAppPanel({ data, id }: { data: EditorData; id: string }) {
  const { agent, labels } = data;
  const label = exampleLabel(labels);
  const examples = useMemo(() => {
    const labelled = labels.find((item) => item.name === label)?.versionNumber;
    // The context comes from the version the label loads, when this page has it.
    const version = data.versions.items.find((item) => item.versionNumber === labelled) ?? data.version;
    const requestContext = exampleRequestContext({
      requestContextSchema: version.requestContextSchema,
      snapshot: version as unknown as Record<string, unknown>,
    });
    return appExamples({ baseUrl: window.location.origin, agentId: agent.id, label, requestContext });
  }, [agent.id, data.version, data.versions.items, label, labels]);
  return (
    <section id={id} aria-label="Use in your app">
      <Card className="flex flex-col gap-3">
        <h2 className="text-lg font-semibold">Use in your app</h2>
        <p className="text-sm text-slate-700">
          Your application loads this agent by its id <code className="font-mono">{agent.id}</code> and a label:{' '}
          <code className="font-mono">{label}</code>
          {label === 'production'
            ? ' (the published version).'
            : '. Publish a version to load it as production, the published version.'}{' '}
          It sends a request context (here an example built from the agent&apos;s request-context fields or the fields
          its rules read) and a runtime API key as <code className="font-mono">Authorization: Bearer &lt;key&gt;</code>.
          Create the key in Settings, API keys (scope runtime) and keep it in the environment variable{' '}
          <code className="font-mono">{apiKeyVariable}</code>; a studio without sign-in ignores it.
        </p>
        <Snippet title="curl" name="curl" text={examples.curl} />
        <Snippet title="TypeScript (agent-studio/client)" name="TypeScript" text={examples.typescript} />
        <p className="text-sm text-slate-700">
          Every operation is described in the{' '}
          <a href="/api-reference" className="underline">
            API reference
          </a>
          .
        </p>
      </Card>
    </section>
  );
}

/** The header's button and the region it opens; the editor places each. */
export function useInYourApp(data: EditorData): { button: ReactNode; panel: ReactNode } {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return {
    button: (
      <Button aria-expanded={open} aria-controls={open ? panelId : undefined} onClick={() => setOpen(!open)}>
        Use in your app
      </Button>
    ),
    panel: open ? <UseInYourAppPanel data={data} id={panelId} /> : null,
  };
}
