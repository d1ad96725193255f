import type { Metadata } from 'next';
import { ApiReferenceView } from './api-reference-view';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'API reference' };

/** The HTTP API's reference, rendered from `/api/openapi.json` by a renderer this server serves itself. */
export default function ApiReferencePage() {
  return (
    <section aria-labelledby="page-heading" className="flex flex-col gap-4">
      <h1 id="page-heading" className="text-2xl font-semibold">
        API reference
      </h1>
      <p className="text-slate-700">
        Every operation of the HTTP API, from the OpenAPI document at{' '}
        <a href="/api/openapi.json" className="font-mono">
          /api/openapi.json
        </a>
        . Applications send a runtime API key as <code className="font-mono">Authorization: Bearer &lt;key&gt;</code>;
        the typed client <code className="font-mono">agent-studio/client</code> has one method per operation, named by
        its operationId. An agent&apos;s editor shows ready-made examples under &quot;Use in your app&quot;.
      </p>
      <ApiReferenceView />
    </section>
  );
}
