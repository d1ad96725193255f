import type { Metadata } from 'next';
import { IntegrationEditor } from '../integrations/_form/integration-editor';

export const metadata: Metadata = { title: 'New integration' };

/** At `/new-integration`, not `/integrations/new`: an integration may have the id `new`. */
export default function NewIntegrationPage() {
  return (
    <section aria-labelledby="page-heading" className="flex flex-col gap-4" data-main-content>
      <h1 id="page-heading" className="text-2xl font-semibold">
        New integration
      </h1>
      <p className="text-slate-700">
        Paste or upload an OpenAPI 3.0 or 3.1 document: each operation becomes a tool agents can pick. Credentials are
        stored encrypted and shown only masked.
      </p>
      <IntegrationEditor />
    </section>
  );
}
