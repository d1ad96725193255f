import type { Metadata } from 'next';
import { SimplePage } from '../_components/simple-page';
import { IntegrationEditor } from '../integrations/_form/integration-editor';

export const metadata: Metadata = { title: 'New integration' };

/** At `/new-integration`, not `/integrations/new`: an integration may have the id `new`. */
export default function NewIntegrationPage() {
  return (
    <SimplePage
      title="New integration"
      lead="Paste or upload an OpenAPI 3.0 or 3.1 document: each operation becomes a tool agents can pick. Credentials are stored encrypted and shown only masked."
    >
      <IntegrationEditor />
    </SimplePage>
  );
}
